package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"gamelab/datasets"
	"gamelab/protocol/mjai"
	"gamelab/sim"
	"gamelab/sim/mahjong"
	sm "gamelab/strategies/mahjong"
)

// exportMjai replays every mahjong game of run directory dir (runs are
// deterministic) and writes each as an mjai log, every tile shown, to
// out/game-N.mjson (N = the game's index; .gz with gz). A replay whose
// result differs from the recorded one exits 1.
func exportMjai(dir, out string, gz bool) error {
	info, err := datasets.Info(dir)
	if err != nil {
		return arenaInputError(err)
	}
	if info.Game != "mahjong" {
		return usagef("export: --format mjai needs a mahjong run, %s is %s", dir, info.Game)
	}
	var r mahjong.Rules
	if err := json.Unmarshal([]byte(info.RulesJSON), &r); err != nil {
		return usagef("export: %s: rules: %v", dir, err)
	}
	if err := r.Validate(); err != nil {
		return usagef("export: %s: rules: %v", dir, err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	n := 0
	_, err = datasets.ReadRun(dir, func(rec *datasets.Game) error {
		players := make([]sm.Strategy, len(rec.Lineup))
		names := make([]string, len(rec.Lineup))
		for seat, p := range rec.Lineup {
			if p < 0 || p >= len(info.Players) {
				return usagef("export: game %d: lineup %v outside %d players", rec.Index, rec.Lineup, len(info.Players))
			}
			st, err := sm.New(info.Players[p])
			if err != nil {
				return usagef("export: game %d: %v", rec.Index, err)
			}
			players[seat], names[seat] = st, info.Players[p]
		}
		s, res, err := playMahjongLogged(r, rec.Seed, players)
		if err != nil {
			return fmt.Errorf("export: game %d (seed %d): %w", rec.Index, rec.Seed, err)
		}
		if !slices.Equal(res.Score, rec.Result.Score) || !slices.Equal(res.Placement, rec.Result.Placement) {
			return &exitError{code: 1, msg: fmt.Sprintf("export: game %d (seed %d) replays to %v, recorded %v: engine or strategy changed since the run", rec.Index, rec.Seed, res.Score, rec.Result.Score)}
		}
		name := filepath.Join(out, fmt.Sprintf("game-%d.mjson", rec.Index))
		if gz {
			name += ".gz"
		}
		if err := writeMjaiLog(name, s.Events(), names, gz); err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return arenaInputError(err)
	}
	fmt.Fprintf(os.Stderr, "lab export: wrote %d mjai logs into %s\n", n, out)
	return nil
}

// playMahjongLogged plays one game as strategies/mahjong's Play does (each
// player Reset, seat i's RNG from sim.Seed(seed, "strategy", i), seats
// asked in Next's order, each deciding on its View) and returns the
// finished State, whose Events are the whole log.
func playMahjongLogged(r mahjong.Rules, seed uint64, players []sm.Strategy) (*mahjong.State, sim.Result, error) {
	s := mahjong.New(r, seed)
	rngs := make([]*rand.Rand, len(players))
	for i, p := range players {
		p.Reset()
		rngs[i] = sim.NewRand(sim.Seed(seed, sim.Label("strategy"), uint64(i)))
	}
	var buf [96]mahjong.Action
	for !s.Done() {
		for _, seat := range slices.Clone(s.Next()) {
			v := s.View(seat)
			l := s.Legal(seat, buf[:0])
			a := players[seat].Decide(&v, l, rngs[seat])
			if err := s.Apply(seat, a); err != nil {
				return nil, sim.Result{}, fmt.Errorf("seat %d: %w", seat, err)
			}
		}
	}
	return s, s.Result(), nil
}

// writeMjaiLog writes events as an mjai log (every tile shown) to name.
func writeMjaiLog(name string, events []mahjong.Event, names []string, gz bool) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(f)
		w = zw
	}
	bw := bufio.NewWriter(w)
	mw := mjai.NewWriter(mjai.All, names)
	var line []byte
	for _, e := range events {
		for _, m := range mw.Write(e) {
			line = append(m.AppendJSON(line[:0]), '\n')
			if _, err := bw.Write(line); err != nil {
				f.Close()
				return err
			}
		}
	}
	err = bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
