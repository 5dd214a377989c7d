package arena

import (
	"math"
	"testing"

	"gamelab/sim"
)

// With one trial per cluster the cluster-robust variance is the binomial
// one with n-1 for n (the CR1 factor), so the interval is Wilson's at n-1.
func TestClusteredOneSeatPerCluster(t *testing.T) {
	a := newClustered()
	wins := []float64{1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0}
	for i, w := range wins {
		a.add(int64(i), w)
	}
	p := 4.0 / 12
	ci, deff := a.rateCI()
	if want := wilson(p, 11); math.Abs(ci[0]-want[0]) > 1e-12 || math.Abs(ci[1]-want[1]) > 1e-12 {
		t.Errorf("interval %v, want Wilson at n-1 %v", ci, want)
	}
	if math.Abs(deff-12.0/11) > 1e-12 {
		t.Errorf("design effect %v, want 12/11", deff)
	}
	if got, want := a.meanCI(), z95*math.Sqrt(p*(1-p)/11); math.Abs(got-want) > 1e-12 {
		t.Errorf("mean half-width %v, want %v", got, want)
	}
}

// Seats that always share their outcome (a werewolf team) carry the
// information of one seat: with clusters of 3 identical trials the
// effective number of trials is C-1, the design effect 3C/(C-1).
func TestClusteredSharedOutcome(t *testing.T) {
	a := newClustered()
	outcomes := []float64{1, 0, 1, 1, 0, 0, 0, 1, 0, 1}
	for c, w := range outcomes {
		for range 3 {
			a.add(int64(c), w)
		}
	}
	ci, deff := a.rateCI()
	if want := wilson(0.5, 9); math.Abs(ci[0]-want[0]) > 1e-12 || math.Abs(ci[1]-want[1]) > 1e-12 {
		t.Errorf("interval %v, want Wilson over 9 trials %v", ci, want)
	}
	if math.Abs(deff-30.0/9) > 1e-12 {
		t.Errorf("design effect %v, want 30/9", deff)
	}
}

// Without spread the variance cannot be estimated: each cluster counts as
// one trial, and so with a single cluster.
func TestClusteredDegenerate(t *testing.T) {
	a := newClustered()
	for c := range 5 {
		a.add(int64(c), 0)
		a.add(int64(c), 0)
	}
	if ci, deff := a.rateCI(); ci != wilson(0, 5) || deff != 0 {
		t.Errorf("all losses: %v %v, want Wilson(0, 5 clusters) and 0", ci, deff)
	}
	b := newClustered()
	b.add(7, 1)
	b.add(7, 0)
	if ci, deff := b.rateCI(); ci != wilson(0.5, 1) || deff != 0 || b.meanCI() != 0 {
		t.Errorf("one cluster: %v %v %v", ci, deff, b.meanCI())
	}
	if ci, _ := (clustered{set: -1}).rateCI(); ci != [2]float64{0, 1} {
		t.Errorf("no trials: %v", ci)
	}
}

// teamMatch is a Match for summary tests: p players, seats seats.
type teamMatch struct{ p, seats int }

func (m teamMatch) Game() string                      { return "team" }
func (m teamMatch) Seats() int                        { return m.seats }
func (m teamMatch) Rules() string                     { return "{}" }
func (m teamMatch) RulesName() string                 { return "team" }
func (m teamMatch) Players() []string                 { return []string{"a", "b"}[:m.p] }
func (m teamMatch) NewTable() Table                   { return nil }
func (m teamMatch) Extras(map[string]float64) []Extra { return nil }
func (m teamMatch) Team(tag string) string            { return tag }

// The reported intervals cover the true rate about 95 % of the time when
// a player's seats share their outcome. Player a fills 3 of 5 seats as a
// team that wins or loses together (probability 0.4); the old count of
// seats as independent trials covered only ~75 % (its design effect is 3).
// 400 tournaments of 150 games, each from its own seed.
func TestSummaryIntervalsCoverWithSharedOutcomes(t *testing.T) {
	const reps, games, truth = 400, 150, 0.4
	m := teamMatch{p: 2, seats: 5}
	lineup := []int{0, 0, 0, 1, 1}
	var cover, coverTeam, coverNaive int
	for rep := range uint64(reps) {
		rng := sim.NewPCG(sim.Seed(9, rep))
		s := NewSummary(m)
		for g := range int64(games) {
			win := rng.Float64() < truth
			pl := []int8{1, 1, 1, 4, 4}
			sc := []float64{1. / 3, 1. / 3, 1. / 3, 0, 0}
			if !win {
				pl = []int8{3, 3, 3, 1, 1}
				sc = []float64{0, 0, 0, 0.5, 0.5}
			}
			tags := []string{"red", "red", "red", "blue", "blue"}
			s.Add(&Record{Index: g, Set: g, Lineup: lineup, Result: sim.Result{Score: sc, Placement: pl, SeatTags: tags}})
		}
		rep := s.Report()
		a := rep.Players[0]
		if a.WinCI[0] <= truth && truth <= a.WinCI[1] {
			cover++
		}
		if red := rep.Teams["red"]; red.CI[0] <= truth && truth <= red.CI[1] {
			coverTeam++
		}
		if ci := Wilson(int64(a.WinRate*float64(a.Games)+0.5), a.Games); ci[0] <= truth && truth <= ci[1] {
			coverNaive++
		}
	}
	rate := func(k int) float64 { return float64(k) / reps }
	// Binomial(400, 0.95): 5 sigma is ±5.4 points.
	if r := rate(cover); r < 0.895 || r > 0.995 {
		t.Errorf("player interval covered %.3f, want 0.95", r)
	}
	if r := rate(coverTeam); r < 0.895 || r > 0.995 {
		t.Errorf("team interval covered %.3f, want 0.95", r)
	}
	if r := rate(coverNaive); r > 0.85 {
		t.Errorf("the independent-seats interval covered %.3f: the test no longer shows the clustering", r)
	}
	t.Logf("coverage: clustered %.3f, team %.3f, seats as independent trials %.3f", rate(cover), rate(coverTeam), rate(coverNaive))
}

// The rating intervals (grouped jackknife over sets) cover the true Elo
// about 95 % of the time in the coin game, whose strengths are known,
// where the Fisher information's did not: 2 players on 4 seats (a game's
// comparisons are far from independent) and duplicate duels (a set's
// games cancel each other's luck). 400 runs of 200 games per case; every
// player's interval is checked (in a duel the two are mirror images, so
// 400 trials; 5σ below 0.95 is 0.895, and all 400 covered would be a
// 1e-9 event for an exact 95 % interval).
func TestRatingIntervalsCover(t *testing.T) {
	strength := map[string]float64{"weak": 1, "mid": 2, "strong": 4, "ace": 8}
	for _, c := range []struct {
		rules, kind string
		players     []string
	}{
		{"four", "duplicate", []string{"weak", "ace"}},
		{"four", "roundrobin", []string{"weak", "ace"}},
		{"four", "duplicate", []string{"weak", "mid", "strong", "ace"}},
		{"duel", "duplicate", []string{"weak", "mid"}},
	} {
		m := coinMatch(t, c.rules, c.players...)
		mean := 0.0
		for _, p := range c.players {
			mean += 400 * math.Log10(strength[p]) / float64(len(c.players))
		}
		var pl, bt, plFisher, btFisher, n float64
		for rep := range uint64(400) {
			s, _ := runSummary(t, m, c.kind, 1000+rep, 0, 200, 1)
			r := s.Report()
			if r.RatingCI != "jackknife" {
				t.Fatalf("rating intervals from %q, want jackknife", r.RatingCI)
			}
			for i, p := range r.Players {
				truth := 400*math.Log10(strength[c.players[i]]) - mean
				in := func(x Rating, ci float64) float64 {
					if math.Abs(x.Elo-truth) <= ci {
						return 1
					}
					return 0
				}
				pl += in(p.Rating, p.Rating.CI)
				bt += in(p.BT, p.BT.CI)
				plFisher += in(p.Rating, p.Rating.Fisher)
				btFisher += in(p.BT, p.BT.Fisher)
				n++
			}
		}
		t.Logf("%s %s %v: coverage Plackett–Luce %.3f (Fisher %.3f), Bradley–Terry %.3f (Fisher %.3f)",
			c.rules, c.kind, c.players, pl/n, plFisher/n, bt/n, btFisher/n)
		for name, cov := range map[string]float64{"Plackett–Luce": pl / n, "Bradley–Terry": bt / n} {
			if cov < 0.895 || cov > 0.995 {
				t.Errorf("%s %s %v: %s intervals covered %.3f, want 0.95", c.rules, c.kind, c.players, name, cov)
			}
		}
	}
}
