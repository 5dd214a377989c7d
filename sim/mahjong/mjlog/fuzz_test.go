package mjlog

import (
	"fmt"
	"os"
	"testing"
)

// The parser must never panic, whatever the input.
func FuzzParse(f *testing.F) {
	raw, err := os.ReadFile("../testdata/tenhou/double-ron.mjlog")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`<mjloggm><SHUFFLE seed="x"/><INIT seed="0,0,0,0,0,1" ten="250,250,250,250" oya="0" hai0="1" hai1="" hai2="" hai3=""/></mjloggm>`))
	f.Add([]byte(`<mjloggm><N who="0" m="99999"/></mjloggm>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		lg, err := ParseBytes(b)
		if err == nil && len(lg.Hands) == 0 {
			t.Fatal("no error and no hands")
		}
	})
}

func ExampleReplay() {
	raw, err := os.ReadFile("../testdata/tenhou/pao-tsumo.mjlog")
	if err != nil {
		panic(err)
	}
	lg, err := ParseBytes(raw)
	if err != nil {
		panic(err)
	}
	sum, err := Replay(lg)
	fmt.Println(sum.Hands, sum.Wins, sum.Final, err)
	// Output: 5 5 [-100 18900 47300 33900] <nil>
}
