package werewolf_test

import (
	"fmt"

	"gamelab/sim"
	"gamelab/sim/werewolf"
)

// A 5-player game with a fixed deal: the seer finds the wolf on night 0,
// says so, and the village executes it.
func Example() {
	r, err := werewolf.Preset("5")
	if err != nil {
		panic(err)
	}
	deal := []werewolf.Role{werewolf.RoleSeer, werewolf.RoleVillager, werewolf.RoleVillager, werewolf.RoleWerewolf, werewolf.RoleMadman}
	s, err := werewolf.NewDealt(r, deal, 1)
	if err != nil {
		panic(err)
	}
	play := func(seat sim.Seat, a werewolf.Action) {
		if err := s.Apply(seat, a); err != nil {
			fmt.Println("refused:", err)
		}
	}
	play(0, werewolf.Divine(3))
	play(3, werewolf.Pass()) // the wolf ends its night chat: day 1 dawns
	play(0, werewolf.Talk(werewolf.Divined(3, werewolf.RoleWerewolf), "Seat 3 is a werewolf."))
	play(3, werewolf.Whisper(werewolf.NoContent, "help"))
	_ = s.Expire(werewolf.DeadlineDiscussion)
	for seat, target := range []sim.Seat{3, 3, 3, 0, 0} {
		play(sim.Seat(seat), werewolf.Vote(target))
	}
	fmt.Println("seat 1 sees seat 0's claim:", s.View(1).Divined[0].Says(3))
	fmt.Println("seat 1 knows seat 3's role:", s.View(1).Known[3])
	fmt.Println(s.Phase(), s.Winner(), s.Result().Score)
	// Output:
	// refused: seat 3 whisper: wolf chat only at night
	// seat 1 sees seat 0's claim: werewolf
	// seat 1 knows seat 3's role: werewolf
	// over village [1 1 1 0 0]
}

// The spectator view shows public information only while the game runs.
func ExampleState_View() {
	r, err := werewolf.Preset("7")
	if err != nil {
		panic(err)
	}
	s := werewolf.New(r, 42)
	v := s.View(sim.NoSeat)
	known := 0
	for _, role := range v.Known {
		if role != werewolf.RoleNone {
			known++
		}
	}
	fmt.Println(v.Phase, v.Day, v.Players, "roles known:", known)
	// Output: night 0 7 roles known: 0
}
