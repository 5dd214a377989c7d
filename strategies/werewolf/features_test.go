package werewolf

import (
	"fmt"

	"gamelab/sim"
	"gamelab/sim/werewolf"
)

func ExampleDescribeDecision() {
	v := werewolf.View{Seat: 0, Players: 3, Role: werewolf.RoleSeer, Day: 1, Phase: werewolf.PhaseVote, Alive: 0b111,
		LastKill: sim.NoSeat, LastExec: sim.NoSeat, MyVote: sim.NoSeat, Candidates: 0b110}
	v.Known[0] = werewolf.RoleSeer
	v.CameOut[0] = werewolf.RoleSeer
	for i := range v.Accused {
		v.Accused[i], v.Intent[i], v.Votes[i], v.PackPlan[i], v.PackChoice[i] = sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat, sim.NoSeat
	}
	v.Intent[1] = 2
	phase, f := DescribeDecision(&v, nil)
	fmt.Println(phase, f.Role, f.Known, f.CameOut, f.Intent, f.Candidates)
	// Output: vote seer [seer none none] [seer none none] [-1 2 -1] [false true true]
}
