package wire

import "testing"

func BenchmarkParse(b *testing.B) {
	tr := loadTranscript(b)
	var contents []string
	for _, e := range tr.Events {
		if e.Author == "server" && e.Kind != 30315 {
			contents = append(contents, e.Content)
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, c := range contents {
			if _, err := Parse(c); err != nil {
				b.Fatal(err)
			}
		}
		n += len(contents)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/msg")
}

func BenchmarkFold(b *testing.B) {
	tr := loadTranscript(b)
	type item struct {
		m    Message
		role string
	}
	var items []item
	for _, e := range tr.Events {
		if e.Author != "server" || e.Kind == 30315 {
			continue
		}
		m, err := Parse(e.Content)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range e.P {
			items = append(items, item{m, r})
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		folds := map[string]*Fold{}
		for _, r := range []string{"player1", "player2", "player3", "player4"} {
			folds[r] = NewFold(tr.Npub[r])
		}
		for _, it := range items {
			if err := folds[it.role].Apply(it.m); err != nil {
				b.Fatal(err)
			}
		}
		n += len(items)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/msg")
}
