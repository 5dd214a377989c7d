package mahjong

import "gamelab/sim/mahjong"

// readMelds reads seat s's melds and river into t: a flush (every meld in
// one number suit or honors, with two melds or a river nearly free of
// that suit), an open all-simples hand (no meld holds a terminal or an
// honor), and the riichi declaration tile. It returns the extra visible
// value (in units of shown dora) a flush adds.
func (e *Expert) readMelds(v *mahjong.View, s int, t *threat) float64 {
	r := &v.Rivers[s]
	if v.Riichi[s] && v.RiichiAt[s] < r.N {
		t.decl = r.Tiles[v.RiichiAt[s]].Kind()
	}
	nm := int(v.NMelds[s])
	if nm == 0 {
		return 0
	}
	suit := -1
	mixed := false
	simple := true
	for i := 0; i < nm; i++ {
		m := &v.Melds[s][i]
		k := m.Tiles[0].Kind()
		for _, tl := range m.Tiles[:m.Len()] {
			if tl.IsYaochu() {
				simple = false
			}
		}
		if k.IsHonor() {
			continue
		}
		switch {
		case suit < 0:
			suit = int(k / 9)
		case suit != int(k/9):
			mixed = true
		}
	}
	t.tanyao = simple
	if mixed || suit < 0 {
		return 0
	}
	if nm == 1 {
		in := 0
		for i := uint8(0); i < r.N; i++ {
			k := r.Tiles[i].Kind()
			if !k.IsHonor() && int(k/9) == suit {
				in++
			}
		}
		if r.N < 6 || in > 1 {
			return 0
		}
	}
	t.flush = suit
	return 1.3
}

// dangerRefined is the probability that kind k deals into a tenpai threat
// t: 0 for genbutsu; honors by the copies seen; number tiles by how far
// each side's ryanmen is ruled out (suji or all four of a neighbour seen:
// 1, three seen, one-chance: ½), from the usual Tenhou deal-in rates by
// tile class (non-suji 4–6 ≈ 12.5 %, half-suji ≈ 8.5 %, both suji ≈ 4.5 %,
// suji 1/9 ≈ 2.5 %). Against an open all-simples hand terminals and honors
// are nearly safe; against a flush other suits are, its own suit and
// honors more dangerous; the neighbours of a riichi declaration tile
// (matagi-suji) are a quarter more dangerous; a dora deals in for more.
func dangerRefined(t *threat, x *expertCtx, k mahjong.Tile) float64 {
	if t.waits != nil {
		return b2f(t.waits[k])
	}
	if t.safe[k] {
		return 0
	}
	var d float64
	if k.IsHonor() {
		d = honorDanger(x.seen[k])
	} else {
		n := int(k%9) + 1
		side := func(ok bool, a, b mahjong.Tile) float64 {
			switch {
			case ok || x.seen[a] == 4 || x.seen[b] == 4:
				return 1
			case x.seen[a] == 3 || x.seen[b] == 3:
				return 0.5
			}
			return 0
		}
		lo, hi := 1.0, 1.0
		if n >= 3 {
			lo = side(n >= 4 && t.safe[k-3], k-1, k-2)
		}
		if n <= 7 {
			hi = side(n <= 6 && t.safe[k+3], k+1, k+2)
		}
		if n > 5 {
			n = 10 - n
			lo, hi = hi, lo
		}
		// now n is 1–5 and hi is the side toward the middle
		switch n {
		case 1:
			d = 0.065 - 0.04*hi
		case 2:
			d = 0.085 - 0.045*hi
		case 3:
			d = 0.115 - 0.06*hi - 0.01*lo
		default:
			d = 0.125 - 0.04*(lo+hi)
		}
		if t.decl != mahjong.NoTile && !t.decl.IsHonor() && t.decl/9 == k/9 {
			if dd := int(t.decl) - int(k); dd != 0 && dd >= -2 && dd <= 2 {
				d *= 1.25
			}
		}
	}
	switch {
	case t.tanyao && k.IsYaochu():
		d *= 0.2
	case t.flush >= 0 && k.IsHonor():
		d *= 1.3
	case t.flush >= 0 && int(k/9) == t.flush:
		d *= 1.6
	case t.flush >= 0:
		d *= 0.15
	}
	if x.dora[k] {
		d *= 1.4
	}
	return d
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
