package liarsbar

import (
	"testing"

	"gamelab/sim/liarsbar"
	"gamelab/sim/simtest"
)

// Is challenging ever worth it? Two copies of a strategy against two
// copies of the same strategy that only challenges when forced (the last
// seat holding cards), over every seating, 4-seat basic.
//
// Measured (see the README): honest with its default doubt wins far more
// than honest?doubt=0, so challenging improbable claims pays against
// honest play; bayes beats bayes?threshold=1 (which never challenges
// unless forced) by a smaller margin. The test asserts both beyond the
// 95 % intervals (fixed seeds, so the run is exact).
func TestChallengingIsWorthIt(t *testing.T) {
	r := simtest.Preset(t, liarsbar.Preset, liarsbar.VariantBasic)
	cases := []struct{ challenger, passive string }{
		{"honest", "honest?doubt=0"},
		{"bayes", "bayes?threshold=1"},
	}
	for _, c := range cases {
		lineups := seatings([]string{c.challenger, c.challenger, c.passive, c.passive})
		ts := tournament(t, r, lineups, 6*4000, 99)
		t.Logf("%s vs %s, %d games:\n%s", c.challenger, c.passive, 6*4000, table(ts))
		_, lo, _ := ts[0].rate()
		_, _, hi := ts[1].rate()
		if lo <= hi {
			t.Errorf("%s does not beat %s beyond the 95%% intervals", c.challenger, c.passive)
		}
	}
}
