package sim

// The engine contract, declared once. Each game's concrete types satisfy
// these interfaces (every engine asserts it at compile time), so generic
// code — the conformance harness sim/simtest, the search in
// strategies/search, the Play helper in strategies — runs on every game.
// Hot loops call the concrete methods; no interface value sits in them.
//
// Type parameters, per game: S the state pointer (*mahjong.State), R the
// rules, A the action, E the event, V the view value (its pointer folds
// events: Folder[E]).

// State is a game in progress.
//
//   - Next lists the seats that must decide now (empty once Done). The
//     slice is the state's own, valid until the next Apply.
//   - Legal appends seat's legal actions to dst[:0], in a fixed order,
//     without allocating; a seat not in Next gets none.
//   - Apply plays a for seat, or returns an error and changes nothing.
//   - Result is the outcome once Done.
//   - Clone returns an independent copy; Reset(r, seed) makes the state
//     the game New(r, seed) would start, reusing its memory.
//   - Events is the whole ordered log; View(seat) is what seat knows now,
//     equal to the fold (Folder.Apply) of the events For lets through to
//     seat, starting from the game's empty view.
type State[S any, R any, A comparable, E any, V any] interface {
	Next() []Seat
	Legal(seat Seat, dst []A) []A
	Apply(seat Seat, a A) error
	Done() bool
	Result() Result
	Clone() S
	Reset(r R, seed uint64)
	Events() []E
	View(seat Seat) V
}

// Event is one entry of a game's log. For gives the version of the event
// seat may see (the event itself, or a redacted copy) and whether seat
// sees it at all. One visibility rule for every game.
type Event[E any] interface {
	For(seat Seat) (E, bool)
}

// Folder is a view that folds events: *V of every game.
type Folder[E any] interface {
	Apply(e E)
}

// Sampler determinizes: from what one seat knows (its view) and an RNG, it
// makes dst a full state consistent with everything that seat has seen,
// its hidden parts (others' cards, chambers, roles, future deals) drawn
// from rng alone, so two states with the same view give identically
// distributed samples. The state plays on like any other (its future
// chance comes from rng too). Games implement it as
// (*State).Determinize(v *View, rng *PCG).
type Sampler[V any] interface {
	Determinize(v *V, rng *PCG)
}

// Placer is an optional fast path of State for search: the placements
// Result would give, written into dst without allocating (Result builds
// maps and slices for the arena).
type Placer interface {
	Placements(dst []int8) []int8
}
