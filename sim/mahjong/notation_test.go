package mahjong

import (
	"errors"
	"slices"
	"testing"
)

func TestTileBasics(t *testing.T) {
	cases := []struct {
		t    Tile
		s    string
		kind Tile
		red  bool
	}{
		{M1, "1m", 0, false}, {M1 + 8, "9m", 8, false}, {P1 + 4, "5p", 13, false},
		{S1 + 8, "9s", 26, false}, {East, "1z", 27, false}, {Red, "7z", 33, false},
		{RedM5, "0m", 4, true}, {RedP5, "0p", 13, true}, {RedS5, "0s", 22, true},
	}
	for _, c := range cases {
		if got := c.t.String(); got != c.s {
			t.Errorf("%d.String() = %q, want %q", c.t, got, c.s)
		}
		if got := c.t.Kind(); got != c.kind {
			t.Errorf("%s.Kind() = %d, want %d", c.s, got, c.kind)
		}
		if c.t.IsRed() != c.red {
			t.Errorf("%s.IsRed() = %v", c.s, c.t.IsRed())
		}
	}
	if RedP5.Number() != 5 || RedP5.Suit() != Pin || (P1+4).Red() != RedP5 || East.Red() != East {
		t.Error("red five number/suit/Red wrong")
	}
}

func TestDoraFromIndicator(t *testing.T) {
	for ind, want := range map[string]string{"1m": "2m", "9m": "1m", "0p": "6p", "9s": "1s",
		"1z": "2z", "4z": "1z", "5z": "6z", "7z": "5z", "6z": "7z"} {
		i, _ := ParseTile(ind)
		if got := DoraFromIndicator(i).String(); got != want {
			t.Errorf("dora of %s = %s, want %s", ind, got, want)
		}
	}
}

func TestTileID(t *testing.T) {
	for id := TileID(0); id < NumTileIDs; id++ {
		plain := id.Tile(false)
		if plain != Tile(id/4) {
			t.Fatalf("id %d plain = %v", id, plain)
		}
		red := id.Tile(true)
		if red.IsRed() != (id == 16 || id == 52 || id == 88) || red.Kind() != plain {
			t.Fatalf("id %d red = %v", id, red)
		}
		if red.IsRed() && FirstID(red, true) != id {
			t.Fatalf("FirstID(%v) = %d, want %d", red, FirstID(red, true), id)
		}
	}
	if FirstID(P1+4, true) != 53 || FirstID(P1+4, false) != 52 {
		t.Error("FirstID of plain 5p")
	}
}

func TestParseTiles(t *testing.T) {
	ok := map[string]string{
		"1m2m3m":            "1m2m3m",
		"123m406p11z":       "1m2m3m4p0p6p1z1z",
		"":                  "",
		"1m 2m 3m":          "1m2m3m",
		"19m19p19s1234567z": "1m9m1p9p1s9s1z2z3z4z5z6z7z",
	}
	for in, want := range ok {
		ts, err := ParseTiles(in)
		if err != nil {
			t.Errorf("ParseTiles(%q): %v", in, err)
			continue
		}
		if got := FormatTiles(ts); got != want {
			t.Errorf("ParseTiles(%q) = %s, want %s", in, got, want)
		}
	}
	bad := map[string]string{
		"5x":         `"5x": unknown suit`,
		"1m2m5x":     `"5x": unknown suit`,
		"1m1m1m1m1m": "five 1m",
		"11115m0m":   "", // 5m0m with four 1m is fine: checked below
		"55550m":     "five 5m",
		"8z":         `"8z": no such honor`,
		"0z":         `"0z": no such honor`,
		"123":        `"123": missing suit`,
		"m":          `"m": suit without number`,
		"1m?":        `"?": not a tile`,
	}
	for in, want := range bad {
		_, err := ParseTiles(in)
		if want == "" {
			if err != nil {
				t.Errorf("ParseTiles(%q): %v", in, err)
			}
			continue
		}
		if err == nil || err.Error() != want {
			t.Errorf("ParseTiles(%q) error = %v, want %s", in, err, want)
		}
		if err != nil && !errors.Is(err, ErrNotation) {
			t.Errorf("ParseTiles(%q) error %v is not ErrNotation", in, err)
		}
	}
}

func TestFormatCompact(t *testing.T) {
	ts, _ := ParseTiles("1m2m3m4p0p6p1z1z5m")
	if got := FormatCompact(ts); got != "123m406p11z5m" {
		t.Errorf("FormatCompact = %s", got)
	}
}

func TestParseHand(t *testing.T) {
	h, err := ParseHand("1m2m3m4m<3p3p3p>(4z4z4z4z)<2s3s4s><7z7z7z7z>")
	if err != nil {
		t.Fatal(err)
	}
	if FormatTiles(h.Tiles) != "1m2m3m4m" || len(h.Melds) != 4 {
		t.Fatalf("hand %+v", h)
	}
	kinds := []MeldKind{Daiminkan, Chi, Ankan, Pon} // oldest first
	for i, m := range h.Melds {
		if m.Kind != kinds[i] {
			t.Errorf("meld %d kind %v, want %v", i, m.Kind, kinds[i])
		}
	}
	if got := FormatHand(h); got != "1m2m3m4m<3p3p3p>(4z4z4z4z)<2s3s4s><7z7z7z7z>" {
		t.Errorf("FormatHand = %s", got)
	}
	for in, want := range map[string]string{
		"1m<2m3m5m>":   `"<2m3m5m>": not a meld`,
		"1m<2m3m4m":    `"<2m3m4m": unclosed meld`,
		"1m(2m2m2m)":   `"(2m2m2m)": ankan needs four tiles`,
		"1m<2m2m2m>3m": `"3m": tiles after melds`,
		"1m1m<1m1m1m>": "five 1m",
		"1m<1z2z3z>":   `"<1z2z3z>": not a meld`,
		"1m<8m9m1p>":   `"<8m9m1p>": not a meld`,
	} {
		_, err := ParseHand(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseHand(%q) error = %v, want %s", in, err, want)
		}
	}
}

func FuzzParseTiles(f *testing.F) {
	for _, s := range []string{"1m2m3m", "123m406p11z", "5x", "0z", "1111m1m", " 1 m", "12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := ParseTiles(s)
		if err != nil {
			return
		}
		// Round trip through both forms.
		for _, form := range []string{FormatTiles(ts), FormatCompact(ts)} {
			back, err := ParseTiles(form)
			if err != nil || !slices.Equal(back, ts) {
				t.Fatalf("%q -> %q -> %v, %v", s, form, back, err)
			}
		}
	})
}

func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"1m2m3m4m<3p3p3p>(4z4z4z4z)", "1m<2m3m4m>", "(1z1z1z1z)", "<", "1m(2m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		out := FormatHand(h)
		h2, err := ParseHand(out)
		if err != nil || FormatHand(h2) != out || !slices.Equal(h.Tiles, h2.Tiles) || !slices.Equal(h.Melds, h2.Melds) {
			t.Fatalf("%q -> %q -> %+v, %v", s, out, h2, err)
		}
	})
}
