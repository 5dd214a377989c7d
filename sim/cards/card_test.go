package cards

import (
	"errors"
	"testing"
)

func TestCardNotationRoundTrip(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Fatalf("ParseCard(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	if s := Format(MustParse("Ah Td 2c")); s != "Ah Td 2c" {
		t.Errorf("Format = %q", s)
	}
	if s := Format(MustParse("AhTd2c")); s != "Ah Td 2c" {
		t.Errorf("run-together: %q", s)
	}
	if s := Format(MustParse("10h,as")); s != "Th As" {
		t.Errorf("10h,as: %q", s)
	}
}

func TestParseRejects(t *testing.T) {
	for _, s := range []string{"", "A", "Ahh", "1h", "Ax", "Zs", "Ah Ah"} {
		_, err1 := ParseCard(s)
		_, err2 := ParseCards(s)
		if s == "" {
			if !errors.Is(err1, ErrNotation) {
				t.Errorf("ParseCard(\"\"): %v, want ErrNotation", err1)
			}
			// ParseCards("") is an empty list
			if err2 != nil {
				t.Errorf("ParseCards(\"\"): %v", err2)
			}
			continue
		}
		if !errors.Is(err1, ErrNotation) && !errors.Is(err2, ErrNotation) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestSet(t *testing.T) {
	s := SetOf(MustParse("Ah Td 2c")...)
	if s.Len() != 3 || !s.Has(MustParse("Td")[0]) || s.Has(MustParse("Tc")[0]) {
		t.Fatalf("set %b", s)
	}
	if got := Format(s.AppendTo(nil)); got != "2c Td Ah" {
		t.Errorf("AppendTo = %q", got)
	}
	if FullDeck.Len() != 52 || s.Without(MustParse("Ah")[0]).Len() != 2 {
		t.Error("FullDeck or Without wrong")
	}
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"Ah Td 2c", "AhTd", "10s", "x", "Ah,Ah"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseCards(s)
		if err != nil {
			return
		}
		again, err := ParseCards(Format(cs))
		if err != nil || Format(again) != Format(cs) {
			t.Fatalf("round trip of %q: %v %v", s, again, err)
		}
	})
}
