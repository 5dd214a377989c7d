package sim

// Seat identifies a player's place at the table, 0..n-1 in turn order.
type Seat int8

// NoSeat means "no seat": nobody, or a public event seen by all.
const NoSeat Seat = -1
