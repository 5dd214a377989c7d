package arena

import (
	"gamelab/sim"

	"slices"
)

// Summary aggregates a stream of Records with memory independent of the
// number of games: per-player sums, a pairwise table for Bradley–Terry and
// counts of distinct finishing orders for Plackett–Luce. Feeding the same
// records in the same order gives bit-identical results, which is how a
// merged set of shards reproduces the unsharded run exactly.
type Summary struct {
	Match   Match
	players []playerAcc
	// all is the table the ratings are fitted on; groups[g] its part from
	// the sets numbered g modulo jackGroups (see jackknife).
	all    pairTable
	groups [jackGroups]pairTable
	teams  map[string]*rateAcc
	// h2h[a][b] is a's result against b over the seat pairs where they
	// met (1 placed above, ½ tied, 0 below), clustered by set; above and
	// ties count the outcomes.
	h2h         [][]clustered
	above, ties [][]int64
	Games       int64
	Sets        int64
	lastSet     int64
	Length      int64
	// scratch
	idx []int
}

type playerAcc struct {
	seats int64
	place []int64
	wins  int64
	// win and score cluster the seats by duplicate set (a game for other
	// schedules): see clustered.
	win, score clustered
	rank       clustered // rank points, when the match has them
	stats      map[string]float64
	roles      map[string]*rateAcc
}

// rateAcc is a win rate over seats, clustered by set.
type rateAcc struct{ clustered }

// orderKey encodes a finishing order by player: groups of tied players
// separated by -1, padded with -2. Seats are at most maxSeats.
type orderKey [2 * maxSeats]int8

const maxSeats = 16

// rankPointer is a Match whose placements carry rank points (see
// Game.RankPoints); nil or short tables mean none.
type rankPointer interface{ RankPoints() []float64 }

// outcomer is a Match that says what its results mean (see OutcomePoints).
type outcomer interface{ Outcome() string }

// NewSummary starts an empty summary for match m.
func NewSummary(m Match) *Summary {
	k := len(m.Players())
	s := &Summary{Match: m, all: newPairTable(k), teams: map[string]*rateAcc{}, lastSet: -1}
	s.players = make([]playerAcc, k)
	s.h2h = make([][]clustered, k)
	s.above, s.ties = make([][]int64, k), make([][]int64, k)
	for i := range s.h2h {
		s.h2h[i] = make([]clustered, k)
		for j := range s.h2h[i] {
			s.h2h[i][j] = newClustered()
		}
		s.above[i], s.ties[i] = make([]int64, k), make([]int64, k)
	}
	for i := range s.players {
		s.players[i].win, s.players[i].score, s.players[i].rank = newClustered(), newClustered(), newClustered()
		s.players[i].place = make([]int64, m.Seats())
		s.players[i].stats = map[string]float64{}
		s.players[i].roles = map[string]*rateAcc{}
	}
	return s
}

func square(k int) [][]float64 {
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, k)
	}
	return m
}

// Add folds one finished game into the summary.
func (s *Summary) Add(r *Record) {
	s.Games++
	if r.Set != s.lastSet {
		s.Sets++
		s.lastSet = r.Set
	}
	s.Length += int64(r.Length)
	res := &r.Result
	var rp []float64
	if m, ok := s.Match.(rankPointer); ok {
		rp = m.RankPoints()
	}
	for seat, p := range r.Lineup {
		a := &s.players[p]
		a.seats++
		a.score.add(r.Set, res.Score[seat])
		pl := res.Placement[seat]
		if int(pl) <= len(rp) {
			a.rank.add(r.Set, rp[pl-1])
		}
		a.place[pl-1]++
		w := 0.0
		if pl == 1 {
			a.wins++
			w = 1
		}
		a.win.add(r.Set, w)
		if seat < len(res.SeatStats) {
			for k, v := range res.SeatStats[seat] {
				a.stats[k] += v
			}
		}
		if seat < len(res.SeatTags) && res.SeatTags[seat] != "" {
			tag := res.SeatTags[seat]
			bump(a.roles, tag, r.Set, w)
			if team := s.Match.Team(tag); team != "" {
				bump(s.teams, team, r.Set, w)
			}
		}
	}
	s.headToHead(r)
	key, rated := s.order(r)
	s.all.add(r, key, rated)
	g := &s.groups[uint64(r.Set)%jackGroups]
	if g.wins == nil {
		*g = newPairTable(len(s.players))
	}
	g.add(r, key, rated)
}

// headToHead counts every pair of seats held by two different players.
// Only h2h[lo][hi] (lo < hi) is kept: hi's result is 1 minus lo's, trial
// by trial, so its estimate and interval mirror lo's (see Report).
func (s *Summary) headToHead(r *Record) {
	pl := r.Result.Placement
	for i, a := range r.Lineup {
		for j := i + 1; j < len(r.Lineup); j++ {
			b := r.Lineup[j]
			if a == b {
				continue
			}
			pa, pb := pl[i], pl[j]
			if a > b {
				a, b, pa, pb = b, a, pb, pa
			}
			switch {
			case pa < pb:
				s.above[a][b]++
				s.h2h[a][b].add(r.Set, 1)
			case pa > pb:
				s.above[b][a]++
				s.h2h[a][b].add(r.Set, 0)
			default:
				s.ties[a][b]++
				s.ties[b][a]++
				s.h2h[a][b].add(r.Set, 0.5)
			}
			a = r.Lineup[i]
		}
	}
}

func bump(m map[string]*rateAcc, k string, set int64, win float64) {
	a := m[k]
	if a == nil {
		a = &rateAcc{newClustered()}
		m[k] = a
	}
	a.add(set, win)
}

// order builds the finishing-order key of a game; it reports false when
// the game says nothing about relative strength (one player or all tied).
func (s *Summary) order(r *Record) (orderKey, bool) {
	var key orderKey
	for i := range key {
		key[i] = -2
	}
	n := len(r.Lineup)
	if n > maxSeats {
		return key, false
	}
	s.idx = s.idx[:0]
	for i := range n {
		s.idx = append(s.idx, i)
	}
	pl := r.Result.Placement
	slices.SortFunc(s.idx, func(a, b int) int {
		if pl[a] != pl[b] {
			return int(pl[a]) - int(pl[b])
		}
		return r.Lineup[a] - r.Lineup[b]
	})
	distinct := false
	groups := 1
	pos := 0
	for i, seat := range s.idx {
		if i > 0 && pl[seat] != pl[s.idx[i-1]] {
			key[pos] = -1
			pos++
			groups++
		}
		if r.Lineup[seat] != r.Lineup[s.idx[0]] {
			distinct = true
		}
		key[pos] = int8(r.Lineup[seat])
		pos++
	}
	return key, distinct && groups > 1
}

func (k orderKey) ranking(w float64) Ranking {
	r := Ranking{Weight: w}
	var g []int
	for _, x := range k {
		switch {
		case x == -1:
			r.Groups = append(r.Groups, g)
			g = nil
		case x >= 0:
			g = append(g, int(x))
		}
	}
	r.Groups = append(r.Groups, g)
	return r
}

// PlayerReport is one player's line of the results table.
type PlayerReport struct {
	Name       string     `json:"name"`
	Games      int64      `json:"games"` // seats taken (a player filling 3 seats of a game counts 3)
	MeanScore  float64    `json:"mean_score"`
	ScoreCI    float64    `json:"mean_score_ci95"`
	Placements []int64    `json:"placements"`
	AvgPlace   float64    `json:"avg_placement"`
	WinRate    float64    `json:"win_rate"`
	WinCI      [2]float64 `json:"win_rate_ci95"`
	// WinDeff is the design effect of the win rate's variance: clustering
	// seats by set over counting them as independent (see clustered); 0
	// when it cannot be estimated.
	WinDeff float64 `json:"win_rate_deff,omitempty"`
	// RankPoints is the mean rank points a game (see Game.RankPoints) and
	// RankCI the half-width of its cluster-robust 95 % interval; both
	// absent when the game has no rank points.
	RankPoints *float64           `json:"rank_points,omitempty"`
	RankCI     float64            `json:"rank_points_ci95,omitempty"`
	Rating     Rating             `json:"rating"`    // Plackett–Luce (Bradley–Terry for two seats)
	BT         Rating             `json:"bt_rating"` // Bradley–Terry on pairwise results
	Extras     []Extra            `json:"extras,omitempty"`
	Stats      map[string]float64 `json:"stat_sums,omitempty"`
	Roles      map[string]Rate    `json:"roles,omitempty"`
}

// Rate is a win rate with its 95 % interval (Wilson's, at the effective
// number of trials of the cluster-robust variance: see clustered).
type Rate struct {
	Games   int64      `json:"games"`
	WinRate float64    `json:"win_rate"`
	CI      [2]float64 `json:"win_rate_ci95"`
}

// HeadToHead is how player A fared against player B over the seat pairs
// where they met: placed above, tied, and the score (above + ties/2) per
// pair with its cluster-robust 95 % interval (pairs of one duplicate set
// share a deal, so they are clustered by set; see clustered).
type HeadToHead struct {
	A     string     `json:"a"`
	B     string     `json:"b"`
	Pairs int64      `json:"pairs"` // seat pairs of A and B at one table
	Above int64      `json:"above"` // A placed above B
	Ties  int64      `json:"ties"`
	Score float64    `json:"score"`
	CI    [2]float64 `json:"score_ci95"`
}

// Report is the summary of a run, as printed and as --json.
type Report struct {
	Game      string          `json:"game"`
	Rules     string          `json:"rules"`
	RulesJSON string          `json:"rules_json"`
	Schedule  string          `json:"schedule"`
	Version   string          `json:"version,omitempty"` // the lab build that played the run (module version, VCS revision)
	Seed      sim.SeedText    `json:"seed"`              // exact, a decimal string
	SeedNum   uint64          `json:"seed_number"`       // the same as a number: float64 JSON readers round it above 2^53
	Seats     int             `json:"seats"`
	Games     int64           `json:"games"`
	Sets      int64           `json:"sets"`
	First     int64           `json:"first_game"`
	AvgLength float64         `json:"avg_decisions"`
	Players   []PlayerReport  `json:"players"`
	Teams     map[string]Rate `json:"teams,omitempty"`
	// HeadToHead holds every ordered pair of players that met.
	HeadToHead []HeadToHead `json:"head_to_head,omitempty"`
	// Outcome says what score and placements mean (OutcomePoints, …).
	Outcome string `json:"outcome"`
	// Unrated is the weight of finishing orders too tied to expand.
	Unrated float64 `json:"unrated,omitempty"`
	// RatingCI names how the rating intervals were found: "jackknife"
	// (over groups of sets; see jackknife) or "fisher" (the Fisher
	// information, kept when the run has too few sets).
	RatingCI string `json:"rating_ci"`
}

// ratingPrior is the virtual games per pair that keep ratings finite.
const ratingPrior = 1

// Report computes the figures of the summary (ratings are fitted here).
func (s *Summary) Report() Report {
	names := s.Match.Players()
	rep := Report{Game: s.Match.Game(), Rules: s.Match.RulesName(), RulesJSON: s.Match.Rules(), Seats: s.Match.Seats(), Games: s.Games, Sets: s.Sets}
	if s.Games > 0 {
		rep.AvgLength = float64(s.Length) / float64(s.Games)
	}
	bt, pl, unrated := s.all.fit(len(names))
	rep.Unrated = unrated
	rep.RatingCI = "fisher"
	if jbt, jpl, ok := jackknife(&s.all, s.groups[:], len(names)); ok {
		rep.RatingCI = "jackknife"
		for i := range names {
			bt[i].Fisher, bt[i].CI = bt[i].CI, jbt[i]
			pl[i].Fisher, pl[i].CI = pl[i].CI, jpl[i]
		}
	}
	for i, a := range s.players {
		pr := PlayerReport{Name: names[i], Games: a.seats, Placements: slices.Clone(a.place), BT: bt[i], Rating: pl[i]}
		if a.seats > 0 {
			n := float64(a.seats)
			pr.MeanScore, _, _ = a.score.estimate()
			pr.ScoreCI = a.score.meanCI()
			sum := 0.0
			for p, c := range a.place {
				sum += float64(p+1) * float64(c)
			}
			pr.AvgPlace = sum / n
			pr.WinRate = float64(a.wins) / n
			pr.WinCI, pr.WinDeff = a.win.rateCI()
			if a.rank.n > 0 {
				m, _, _ := a.rank.estimate()
				pr.RankPoints, pr.RankCI = &m, a.rank.meanCI()
			}
		}
		if len(a.stats) > 0 {
			pr.Stats = map[string]float64{}
			sums := map[string]float64{"games": float64(a.seats)}
			for k, v := range a.stats {
				pr.Stats[k] = v
				sums[k] = v
			}
			pr.Extras = s.Match.Extras(sums)
		}
		if len(a.roles) > 0 {
			pr.Roles = rates(a.roles)
		}
		rep.Players = append(rep.Players, pr)
	}
	if len(s.teams) > 0 {
		rep.Teams = rates(s.teams)
	}
	rep.Outcome = OutcomePoints
	if o, ok := s.Match.(outcomer); ok {
		rep.Outcome = o.Outcome()
	}
	for a := range names {
		for b := range names {
			acc := s.h2h[min(a, b)][max(a, b)]
			if a == b || acc.n == 0 {
				continue
			}
			p, _, _ := acc.estimate()
			ci, _ := acc.rateCI()
			if a > b { // the mirror of b's result (Wilson's interval is symmetric)
				p, ci = 1-p, [2]float64{1 - ci[1], 1 - ci[0]}
			}
			rep.HeadToHead = append(rep.HeadToHead, HeadToHead{A: names[a], B: names[b], Pairs: int64(acc.n),
				Above: s.above[a][b], Ties: s.ties[a][b], Score: p, CI: ci})
		}
	}
	return rep
}

func rates(m map[string]*rateAcc) map[string]Rate {
	out := make(map[string]Rate, len(m))
	for k, a := range m {
		p, _, _ := a.estimate()
		ci, _ := a.rateCI()
		out[k] = Rate{Games: int64(a.n), WinRate: p, CI: ci}
	}
	return out
}

// Wilson is the Wilson score 95 % interval of k successes in n trials
// (E. B. Wilson, JASA 22, 1927).
func Wilson(k, n int64) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	return wilson(float64(k)/float64(n), float64(n))
}
