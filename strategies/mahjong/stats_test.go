package mahjong

import (
	"math"
	"os"
	"testing"

	"gamelab/sim/mahjong"
)

// selfPlayStats accumulates Tenhou-style rates over self-play games.
type selfPlayStats struct {
	games, hands, draws                                float64
	wins, dealins, riichi, calls, seatHands, winPoints float64
	dealinPoints                                       float64
}

func (s *selfPlayStats) add(hands, draws float64, seat map[string]float64) {
	s.wins += seat["wins"]
	s.dealins += seat["dealins"]
	s.riichi += seat["riichi"]
	s.calls += seat["calls"]
	s.seatHands += seat["hands"]
	s.winPoints += seat["win_points"]
	s.dealinPoints += seat["dealin_points"]
}

// rate returns p and a 95 % normal-approximation half-width.
func rate(k, n float64) (float64, float64) {
	p := k / n
	return p, 1.96 * math.Sqrt(p*(1-p)/n)
}

// BenchmarkSelfPlayStats plays b.N 半荘 of four copies of the strategy in
// $MAHJONG_STATS_SPEC (default "defense") under Tenhou rules and logs the
// rates the arena prints. Run it with -benchtime 10000x for the table in
// the README.
func BenchmarkSelfPlayStats(b *testing.B) {
	spec := "defense"
	if e := os.Getenv("MAHJONG_STATS_SPEC"); e != "" {
		spec = e
	}
	ps := four(b, spec)
	r := mahjong.Tenhou()
	var st selfPlayStats
	seed := uint64(1 << 40)
	for b.Loop() {
		seed++
		res, err := Play(r, seed, ps, nil)
		if err != nil {
			b.Fatal(err)
		}
		st.games++
		st.hands += res.Stats["hands"]
		st.draws += res.Stats["draws"]
		for _, m := range res.SeatStats {
			st.add(0, 0, m)
		}
	}
	w, wh := rate(st.wins, st.seatHands)
	d, dh := rate(st.dealins, st.seatHands)
	ri, rih := rate(st.riichi, st.seatHands)
	c, ch := rate(st.calls, st.seatHands)
	dr, drh := rate(st.draws, st.hands)
	b.ReportMetric(st.hands/st.games, "hands/game")
	b.ReportMetric(100*w, "win%")
	b.ReportMetric(100*d, "dealin%")
	b.ReportMetric(100*ri, "riichi%")
	b.ReportMetric(100*c, "call%")
	b.ReportMetric(100*dr, "draw%")
	b.ReportMetric(st.winPoints/st.wins, "points/win")
	b.ReportMetric(st.dealinPoints/st.dealins, "points/dealin")
	b.Logf("%s self-play, %.0f games: %.2f hands/game, win %.1f±%.1f %%, deal-in %.1f±%.1f %%, riichi %.1f±%.1f %%, calls %.1f±%.1f %%, draws %.1f±%.1f %%, average win %.0f points, average deal-in %.0f points",
		spec, st.games, st.hands/st.games, 100*w, 100*wh, 100*d, 100*dh, 100*ri, 100*rih, 100*c, 100*ch, 100*dr, 100*drh, st.winPoints/st.wins, st.dealinPoints/st.dealins)
}
