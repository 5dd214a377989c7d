package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gamelab/sim/mahjong"
)

func init() {
	registerSub("mahjong", &command{
		name:    "analyze",
		summary: "shanten and the accepted tiles of each discard (何切る)",
		run:     runMahjongAnalyze,
	})
	registerSub("mahjong", &command{
		name:    "score",
		summary: "yaku, han, fu, points and payments of a won hand",
		run:     runMahjongScore,
	})
}

// parseMahjongHand parses a hand argument and names it in errors.
func parseMahjongHand(s string) (mahjong.Hand, error) {
	h, err := mahjong.ParseHand(s)
	if err != nil {
		return h, usagef("hand %s", err)
	}
	return h, nil
}

func runMahjongAnalyze(ctx context.Context, args []string) error {
	fs := flagSet("lab mahjong analyze <hand> [--visible <tiles>] [--json]",
		`Print the shanten of a hand and, for a hand with its draw (14 tiles less 3 per
meld), every discard with the tiles that would lower the shanten and how many
of them are unseen, best first. A 13-tile hand gets its accepted tiles (and
waits when tenpai). Hands use "123m406p11z" or "1m2m3m", melds as the server
writes them: "<3p3p3p>" open, "(4z4z4z4z)" ankan.

example: lab mahjong analyze 123m456p789s1z2z5z6z7z`)
	visible := fs.String("visible", "", "tiles seen outside the hand (rivers, melds, dora indicators)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("lab mahjong analyze: want one hand, got %d arguments", len(pos))
	}
	h, err := parseMahjongHand(pos[0])
	if err != nil {
		return err
	}
	c := h.Counts()
	melds := len(h.Melds)
	var vis *[34]uint8
	if *visible != "" {
		ts, err := mahjong.ParseTiles(*visible)
		if err != nil {
			return usagef("--visible %s", err)
		}
		v := mahjong.CountTiles(ts)
		for k := range v {
			if v[k]+c[k] > 4 {
				return usagef("--visible: more than four %v with the hand", mahjong.Tile(k))
			}
		}
		vis = &v
	}
	n := len(h.Tiles)
	type discardJSON struct {
		Discard string   `json:"discard"`
		Shanten int      `json:"shanten"`
		Count   int      `json:"count"`
		Tiles   []string `json:"tiles"`
	}
	out := struct {
		Hand     string        `json:"hand"`
		Shanten  int           `json:"shanten"`
		Discards []discardJSON `json:"discards,omitempty"`
		Count    *int          `json:"count,omitempty"`
		Tiles    []string      `json:"tiles,omitempty"`
		Waits    []string      `json:"waits,omitempty"`
	}{Hand: mahjong.FormatHand(h)}
	w := stdout
	switch n {
	case 14 - 3*melds:
		out.Shanten = mahjong.Shanten(&c, melds)
		acc := mahjong.Ukeire(&c, melds, vis, nil)
		mahjong.SortAcceptance(acc)
		for _, a := range acc {
			out.Discards = append(out.Discards, discardJSON{a.Tile.String(), a.Shanten, a.Count, tileStrings(a.Tiles)})
		}
		if *asJSON {
			return printJSON(w, out)
		}
		fmt.Fprintf(w, "hand %s  shanten %d\n\ndiscard  shanten  unseen  tiles\n", out.Hand, out.Shanten)
		for _, d := range out.Discards {
			fmt.Fprintf(w, "%-8s %7d  %6d  %s\n", d.Discard, d.Shanten, d.Count, strings.Join(d.Tiles, " "))
		}
	case 13 - 3*melds:
		s, tiles, count := mahjong.Improvements(&c, melds, vis)
		out.Shanten, out.Count, out.Tiles = s, &count, tileStrings(tiles)
		if s == 0 {
			out.Waits = tileStrings(mahjong.Waits(&c, melds))
		}
		if *asJSON {
			return printJSON(w, out)
		}
		fmt.Fprintf(w, "hand %s  shanten %d\n", out.Hand, s)
		fmt.Fprintf(w, "accepts %d unseen tiles: %s\n", count, strings.Join(out.Tiles, " "))
		if s == 0 {
			fmt.Fprintf(w, "waits: %s\n", strings.Join(out.Waits, " "))
		}
	default:
		return usagef("hand %q: %d concealed tiles with %d melds, want %d or %d", pos[0], n, melds, 13-3*melds, 14-3*melds)
	}
	return nil
}

// tileStrings lists the kinds of a set as notation strings.
func tileStrings(s mahjong.KindSet) []string {
	out := []string{}
	for _, t := range s.Tiles(nil) {
		out = append(out, t.String())
	}
	return out
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// windFlag parses E|S|W|N for the flag name.
func windFlag(name, v string) (mahjong.Tile, error) {
	i := strings.Index("ESWN", strings.ToUpper(v))
	if len(v) != 1 || i < 0 {
		return 0, usagef("--%s %q: want E, S, W or N", name, v)
	}
	return mahjong.East + mahjong.Tile(i), nil
}

func runMahjongScore(ctx context.Context, args []string) error {
	fs := flagSet("lab mahjong score <hand> --win <tile> [flags]",
		`Score a won hand: yaku with han, fu, points and each seat's payment (East,
South, West, North). The hand is the concealed tiles with or without the
winning tile, then the melds ("<…>" open, "(…)" ankan). A hand that cannot
win says why and exits 1.

example: lab mahjong score 123m456p789s23s55p --win 1s --riichi --dora 4p`)
	win := fs.String("win", "", "the winning tile (required)")
	tsumo := fs.Bool("tsumo", false, "won on one's own draw (default ron)")
	riichi := fs.Bool("riichi", false, "riichi declared")
	double := fs.Bool("double-riichi", false, "double riichi declared")
	ippatsu := fs.Bool("ippatsu", false, "won within one go-around after riichi")
	round := fs.String("round", "E", "round wind E|S|W|N")
	seat := fs.String("seat", "S", "winner's seat wind E|S|W|N (E = dealer)")
	from := fs.String("from", "", "ron: the discarder's seat wind (default: the winner's left)")
	dora := fs.String("dora", "", "dora indicators, e.g. 4p1z")
	ura := fs.String("ura", "", "ura-dora indicators (counted with riichi)")
	honba := fs.Int("honba", 0, "honba counters")
	sticks := fs.Int("sticks", 0, "riichi sticks on the table")
	rules := fs.String("rules", "dihou", "scoring rules: dihou or tenhou")
	rinshan := fs.Bool("rinshan", false, "tsumo on a kan replacement tile")
	chankan := fs.Bool("chankan", false, "ron on another player's kakan")
	haitei := fs.Bool("haitei", false, "won on the last tile (haitei tsumo / houtei ron)")
	first := fs.Bool("first-turn", false, "tsumo on the first draw without calls (tenhou/chiihou)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("lab mahjong score: want one hand, got %d arguments", len(pos))
	}
	h, err := parseMahjongHand(pos[0])
	if err != nil {
		return err
	}
	if *win == "" {
		return usagef("--win: missing (the winning tile)")
	}
	var w mahjong.Win
	if w.Tile, err = mahjong.ParseTile(*win); err != nil {
		return usagef("--win %s", err)
	}
	if w.RoundWind, err = windFlag("round", *round); err != nil {
		return err
	}
	if w.SeatWind, err = windFlag("seat", *seat); err != nil {
		return err
	}
	w.Discarder = mahjong.East + (w.SeatWind-mahjong.East+3)%4
	if *from != "" {
		if w.Discarder, err = windFlag("from", *from); err != nil {
			return err
		}
		if w.Discarder == w.SeatWind {
			return usagef("--from %s: the winner cannot deal in to himself", *from)
		}
	}
	for _, f := range []struct {
		name, v string
		dst     *[]mahjong.Tile
	}{{"dora", *dora, &w.Dora}, {"ura", *ura, &w.Ura}} {
		if f.v == "" {
			continue
		}
		if *f.dst, err = mahjong.ParseTiles(f.v); err != nil {
			return usagef("--%s %s", f.name, err)
		}
	}
	var r mahjong.ScoreRules
	switch *rules {
	case "dihou":
		r = mahjong.DihouScoring()
	case "tenhou":
		r = mahjong.TenhouScoring()
	default:
		return usagef("--rules %q: want dihou or tenhou", *rules)
	}
	if !r.RedFives {
		for _, t := range append(append([]mahjong.Tile{w.Tile}, h.Tiles...), w.Dora...) {
			if t.IsRed() {
				return usagef("hand: red five %v under --rules %s (no red fives)", t, *rules)
			}
		}
	}
	open := false
	for _, m := range h.Melds {
		open = open || m.IsOpen()
	}
	switch {
	case *honba < 0:
		return usagef("--honba %d: must be ≥ 0", *honba)
	case *sticks < 0:
		return usagef("--sticks %d: must be ≥ 0", *sticks)
	case *riichi && *double:
		return usagef("--riichi and --double-riichi: give one")
	case (*riichi || *double) && open:
		return usagef("--riichi: the hand has an open meld")
	case *ippatsu && !*riichi && !*double:
		return usagef("--ippatsu needs --riichi or --double-riichi")
	case *rinshan && !*tsumo:
		return usagef("--rinshan needs --tsumo")
	case *chankan && *tsumo:
		return usagef("--chankan is a ron")
	case *first && (!*tsumo || len(h.Melds) > 0):
		return usagef("--first-turn needs --tsumo and no melds")
	}
	w.Tsumo, w.Riichi, w.DoubleRiichi, w.Ippatsu = *tsumo, *riichi, *double, *ippatsu
	w.Honba, w.Sticks, w.Rinshan, w.Chankan, w.Haitei, w.FirstTurn = *honba, *sticks, *rinshan, *chankan, *haitei, *first
	res, err := mahjong.Score(h, w, r)
	switch {
	case errors.Is(err, mahjong.ErrNoYaku):
		return &exitError{code: 1, msg: "cannot win: no yaku (dora alone do not count)"}
	case errors.Is(err, mahjong.ErrNotComplete):
		return &exitError{code: 1, msg: "cannot win: the hand is not complete"}
	case err != nil:
		return usagef("%v", err)
	}
	type yakuJSON struct {
		Name    string `json:"name"`
		English string `json:"english"`
		Han     int    `json:"han"`
		Yakuman int    `json:"yakuman,omitempty"`
	}
	out := struct {
		Yaku     []yakuJSON `json:"yaku"`
		Han      int        `json:"han"`
		Fu       int        `json:"fu"`
		Yakuman  int        `json:"yakuman"`
		Limit    string     `json:"limit,omitempty"`
		Points   int        `json:"points"`
		Payments [4]int     `json:"payments"`
		// For a yakuman: the han yaku and fu of the reading, which the
		// 地鳳 server prints in NOTIFY agari instead of the yakuman.
		HanYaku []yakuJSON `json:"han_yaku,omitempty"`
		HanFu   int        `json:"han_fu,omitempty"`
	}{Han: res.Han, Fu: res.Fu, Yakuman: res.Yakuman, Limit: res.Limit, Points: res.Points, Payments: res.Payments, HanFu: res.HanFu}
	for _, y := range res.Yaku {
		out.Yaku = append(out.Yaku, yakuJSON{y.Name, y.English, y.Han, y.Yakuman})
	}
	for _, y := range res.HanYaku {
		out.HanYaku = append(out.HanYaku, yakuJSON{y.Name, y.English, y.Han, 0})
	}
	o := stdout
	if *asJSON {
		return printJSON(o, out)
	}
	for _, y := range out.Yaku {
		if y.Yakuman > 0 {
			fmt.Fprintf(o, "%s (%s) yakuman ×%d\n", y.Name, y.English, y.Yakuman)
		} else {
			fmt.Fprintf(o, "%s (%s) %d han\n", y.Name, y.English, y.Han)
		}
	}
	switch {
	case res.Yakuman > 0:
		fmt.Fprintf(o, "yakuman ×%d", res.Yakuman)
	default:
		fmt.Fprintf(o, "%d fu %d han", res.Fu, res.Han)
	}
	if res.Limit != "" && res.Yakuman == 0 {
		fmt.Fprintf(o, " (%s)", res.Limit)
	}
	fmt.Fprintf(o, "\n%d points\npayments E %+d  S %+d  W %+d  N %+d\n", res.Points,
		res.Payments[0], res.Payments[1], res.Payments[2], res.Payments[3])
	if len(res.HanYaku) > 0 && *rules == "dihou" {
		fmt.Fprintf(o, "NOTIFY agari shows: %d", res.HanFu)
		for _, y := range res.HanYaku {
			fmt.Fprintf(o, " %s,%d", y.Name, y.Han)
		}
		fmt.Fprintln(o)
	}
	return nil
}
