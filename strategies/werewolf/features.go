package werewolf

import (
	"gamelab/sim"
	"gamelab/sim/werewolf"
)

// Features are the named features of one werewolf decision, read from the
// deciding seat's View only (never from hidden state: a seat knows other
// roles only as sim/werewolf.View.Known tells it): the "werewolf" column
// of decisions.parquet, documented in docs/datasets.md. Roles are in
// sim/werewolf.Role notation ("villager", "seer", …; "none" unknown);
// seats are absolute, per-seat lists indexed by seat, -1 is no seat.
type Features struct {
	Role  string `parquet:"role,dict"`
	Day   int32  `parquet:"day"`
	Phase string `parquet:"phase,dict"`
	// Per seat: alive, executed, killed at night, the role this seat
	// knows it has, its own divine or medium result on it.
	Alive    []bool   `parquet:"alive,list"`
	Executed []bool   `parquet:"executed,list"`
	Killed   []bool   `parquet:"killed,list"`
	Known    []string `parquet:"known,list"`
	Results  []string `parquet:"results,list"`
	LastKill int32    `parquet:"last_kill"`
	LastExec int32    `parquet:"last_exec"`
	// Public talk per speaker: the role it came out as, the seats it
	// claimed to have divined or identified as white (human) or black
	// (werewolf) as bit sets (bit t = seat t), whom it accused and said
	// it would vote for today.
	CameOut         []string `parquet:"came_out,list"`
	DivinedWhite    []int32  `parquet:"divined_white,list"`
	DivinedBlack    []int32  `parquet:"divined_black,list"`
	IdentifiedWhite []int32  `parquet:"identified_white,list"`
	IdentifiedBlack []int32  `parquet:"identified_black,list"`
	Accused         []int32  `parquet:"accused,list"`
	Intent          []int32  `parquet:"intent,list"`
	TalksToday      int32    `parquet:"talks_today"`
	SpeaksLeft      int32    `parquet:"speaks_left"`
	// Votes: this seat's vote this round, who voted for whom in the
	// latest tally, who may be voted for now.
	MyVote     int32   `parquet:"my_vote"`
	Votes      []int32 `parquet:"votes,list"`
	Candidates []bool  `parquet:"candidates,list"`
	// Wolf chat (wolves only): messages left tonight, each wolf's
	// proposed and chosen victim.
	WhispersLeft int32   `parquet:"whispers_left"`
	PackPlan     []int32 `parquet:"pack_plan,list"`
	PackChoice   []int32 `parquet:"pack_choice,list"`
}

func seatFeature(s sim.Seat) int32 {
	if s == sim.NoSeat {
		return -1
	}
	return int32(s)
}

// DescribeDecision gives the phase and the Features of a decision. It
// allocates: call it only when decisions are recorded.
func DescribeDecision(v *werewolf.View, _ []werewolf.Action) (string, *Features) {
	f := &Features{Role: v.Role.String(), Day: int32(v.Day), Phase: v.Phase.String(),
		LastKill: seatFeature(v.LastKill), LastExec: seatFeature(v.LastExec),
		TalksToday: int32(v.TalksToday), SpeaksLeft: int32(v.SpeaksLeft), MyVote: seatFeature(v.MyVote),
		WhispersLeft: int32(v.WhispersLeft)}
	for s := range int(v.Players) {
		bit := uint16(1) << s
		f.Alive = append(f.Alive, v.Alive&bit != 0)
		f.Executed = append(f.Executed, v.Executed&bit != 0)
		f.Killed = append(f.Killed, v.Killed&bit != 0)
		f.Known = append(f.Known, v.Known[s].String())
		f.Results = append(f.Results, v.Results[s].String())
		f.CameOut = append(f.CameOut, v.CameOut[s].String())
		f.DivinedWhite = append(f.DivinedWhite, int32(v.Divined[s].White))
		f.DivinedBlack = append(f.DivinedBlack, int32(v.Divined[s].Black))
		f.IdentifiedWhite = append(f.IdentifiedWhite, int32(v.Identified[s].White))
		f.IdentifiedBlack = append(f.IdentifiedBlack, int32(v.Identified[s].Black))
		f.Accused = append(f.Accused, seatFeature(v.Accused[s]))
		f.Intent = append(f.Intent, seatFeature(v.Intent[s]))
		f.Votes = append(f.Votes, seatFeature(v.Votes[s]))
		f.Candidates = append(f.Candidates, v.Candidates&bit != 0)
		f.PackPlan = append(f.PackPlan, seatFeature(v.PackPlan[s]))
		f.PackChoice = append(f.PackChoice, seatFeature(v.PackChoice[s]))
	}
	return v.Phase.String(), f
}
