package liarsbar

import (
	"fmt"

	"gamelab/sim"
	"gamelab/sim/liarsbar"
)

func ExampleDescribeDecision() {
	r, err := liarsbar.Preset(liarsbar.VariantBasic)
	if err != nil {
		panic(err)
	}
	v := liarsbar.View{Rules: r, Table: liarsbar.King, Hand: [liarsbar.MaxHand]liarsbar.Card{liarsbar.Queen, liarsbar.King, liarsbar.Joker}, HandLen: 3,
		Last: sim.NoSeat, Alive: [liarsbar.MaxPlayers]bool{true, true, true, true}}
	legal := []liarsbar.Action{liarsbar.PlayOf(0), liarsbar.PlayOf(1, 2)}
	phase, f := DescribeDecision(&v, legal)
	fmt.Println(phase, f.TableCard, f.Hand, f.PlayCards, f.PlayTruthful)
	// Output: lead K [Q K Joker] [1 2] [false true]
}
