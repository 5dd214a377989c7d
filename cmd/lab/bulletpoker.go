package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"gamelab/sim"
	"gamelab/sim/bulletpoker"
	"gamelab/sim/cards"
	sb "gamelab/strategies/bulletpoker"
)

func init() {
	registerSub("bulletpoker", &command{
		name:    "showdown",
		summary: "rank hold'em hands on a board, or their chance to be safe if the board is incomplete",
		run:     runBulletpokerShowdown,
	})
	registerSub("bulletpoker", &command{
		name:    "play",
		summary: "play one bullet poker match between strategies and print its log",
		run:     runBulletpokerPlay,
	})
}

func runBulletpokerShowdown(ctx context.Context, args []string) error {
	fs := flagSet(`lab bulletpoker showdown <hole cards>... [--board <cards>] [--rollouts N] [--seed S]`,
		`Rank each player's hand (two hole cards each, or a whole 5-7 card hand without
--board) on the board. With a board of 0, 3 or 4 cards, deal the rest at random
--rollouts times and print each hand's chance to be safe (at least tied for the
best hand, as in bullet poker) instead.

example: lab bulletpoker showdown "Ah As" "Kd Qd" --board "Ks Qs 2c"`)
	boardText := fs.String("board", "", "board cards, e.g. \"Ks Qs 2c\"")
	rollouts := fs.Int("rollouts", 100000, "random boards for an incomplete board")
	seedF := addSeed(fs, "seed of the random boards")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "bulletpoker showdown")
	if len(pos) == 0 {
		return usagef("lab bulletpoker showdown: want at least one hand")
	}
	if *rollouts < 1 || *rollouts > 100_000_000 {
		return usagef("--rollouts %d: want 1..100000000", *rollouts)
	}
	board, err := cards.ParseCards(*boardText)
	if err != nil {
		return usagef("--board: %v", err)
	}
	used := cards.SetOf(board...)
	var hands [][]cards.Card
	for _, p := range pos {
		h, err := cards.ParseCards(p)
		if err != nil {
			return usagef("hand %q: %v", p, err)
		}
		for _, c := range h {
			if used.Has(c) {
				return usagef("hand %q: %v is dealt twice", p, c)
			}
			used = used.With(c)
		}
		hands = append(hands, h)
	}
	full := func(h []cards.Card) bool { return len(h)+len(board) >= 5 && len(h)+len(board) <= 7 }
	complete := len(board) == 5 || len(board) == 0 && len(hands[0]) >= 5
	for i, h := range hands {
		if complete && !full(h) || !complete && (len(h) != 2 || len(board) != 0 && len(board) != 3 && len(board) != 4) {
			return usagef("hand %d %q: want two hole cards and a board of 0, 3, 4 or 5 cards (or 5-7 cards without a board)", i+1, cards.Format(h))
		}
	}
	out := stdout
	if complete {
		ranks := make([]cards.HandRank, len(hands))
		var best cards.HandRank
		for i, h := range hands {
			ranks[i] = cards.Evaluate(append(append([]cards.Card{}, h...), board...))
			best = max(best, ranks[i])
		}
		for i, h := range hands {
			mark := ""
			if ranks[i] == best && len(hands) > 1 {
				mark = "  safe"
			}
			fmt.Fprintf(out, "%-20s %-26s%s\n", cards.Format(h), ranks[i], mark)
		}
		return nil
	}
	var deck []cards.Card
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if !used.Has(c) {
			deck = append(deck, c)
		}
	}
	need := 5 - len(board)
	if len(deck) < need {
		return usagef("lab bulletpoker showdown: %d hands leave %d cards for the %d board cards still to come", len(hands), len(deck), need)
	}
	p := sim.NewPCG(*seed)
	safe := make([]int, len(hands))
	ranks := make([]cards.HandRank, len(hands))
	var h7 [7]cards.Card
	copy(h7[2:], board)
	for n := 0; n < *rollouts; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for i := range need {
			j := i + p.IntN(len(deck)-i)
			deck[i], deck[j] = deck[j], deck[i]
		}
		copy(h7[2+len(board):], deck[:need])
		var best cards.HandRank
		for i, h := range hands {
			h7[0], h7[1] = h[0], h[1]
			ranks[i] = cards.Eval7(&h7)
			best = max(best, ranks[i])
		}
		for i := range hands {
			if ranks[i] == best {
				safe[i]++
			}
		}
	}
	for i, h := range hands {
		fmt.Fprintf(out, "%-8s safe %.4f\n", cards.Format(h), float64(safe[i])/float64(*rollouts))
	}
	return nil
}

func runBulletpokerPlay(ctx context.Context, args []string) error {
	fs := flagSet(`lab bulletpoker play <strategy>... [--rules R] [--seed S] [--seat N]`,
		`Play one match, one strategy per seat (2-6; "name?k=v" or a JSON strategy
file), and print the event log as everyone sees it (hole cards shown only at
showdown), or as --seat N sees it, then the result.

example: lab bulletpoker play equity loose random random --rules liarstexas --seed 7`)
	preset := fs.String("rules", "classic", "rules preset: "+strings.Join(bulletpoker.Presets(), ", "))
	aliasFlag(fs, "preset", "rules")
	seedF := addSeed(fs, "match seed")
	seat := fs.Int("seat", -1, "print the log as this seat sees it (-1: public)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	seed := seedF.value(os.Stderr, "bulletpoker play")
	r, err := bulletpoker.Preset(*preset)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	if len(pos) < bulletpoker.MinPlayers || len(pos) > bulletpoker.MaxPlayers {
		return usagef("lab bulletpoker play: want %d..%d strategies, got %d", bulletpoker.MinPlayers, bulletpoker.MaxPlayers, len(pos))
	}
	if *seat < -1 || *seat >= len(pos) {
		return usagef("--seat %d: want -1..%d", *seat, len(pos)-1)
	}
	r.Players = len(pos)
	players := make([]sb.Strategy, len(pos))
	for i, spec := range pos {
		if players[i], err = sb.New(spec); err != nil {
			return usagef("strategy %q: %v", spec, err)
		}
	}
	// Replay the decisions Play made on a second engine to print its log.
	st := bulletpoker.New(r, *seed)
	var replayErr error
	res, err := sb.Play(r, *seed, players, func(s sim.Seat, _ *bulletpoker.View, _ []bulletpoker.Action, a bulletpoker.Action) {
		if replayErr == nil {
			replayErr = st.Apply(s, a)
		}
	})
	if err != nil {
		return err
	}
	if replayErr != nil {
		return fmt.Errorf("replaying the match: %w", replayErr)
	}
	out := stdout
	for _, e := range st.Events() {
		if ev, ok := e.For(sim.Seat(*seat)); ok {
			fmt.Fprintln(out, ev)
		}
	}
	for i, spec := range pos {
		fmt.Fprintf(out, "seat %d %-24s place %d score %g loaded %g\n", i, spec, res.Placement[i], res.Score[i], res.SeatStats[i]["loaded"])
	}
	return nil
}
