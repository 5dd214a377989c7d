package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// runMahjong runs "lab mahjong …" and returns exit code, stdout, stderr.
func runMahjong(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), append([]string{"mahjong"}, args...), &errb)
	return code, out.String(), errb.String()
}

func TestMahjongAnalyze(t *testing.T) {
	code, out, errs := runMahjong(t, "analyze", "123m456p789s1z2z5z6z7z", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Shanten  int
		Discards []struct {
			Discard string
			Shanten int
			Count   int
			Tiles   []string
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err, out)
	}
	if got.Shanten != 2 || len(got.Discards) != 14 || got.Discards[0].Count != 12 || got.Discards[0].Shanten != 2 {
		t.Errorf("analyze: %+v", got)
	}
	// Text form, 13 tiles, tenpai.
	code, out, _ = runMahjong(t, "analyze", "1112345678999m")
	if code != 0 || !strings.Contains(out, "shanten 0") || !strings.Contains(out, "waits: 1m 2m 3m 4m 5m 6m 7m 8m 9m") {
		t.Errorf("analyze 13 tiles: %d %q", code, out)
	}
	// Melds in the server form.
	code, out, _ = runMahjong(t, "analyze", "1m2m3m4m<3p3p3p>(4z4z4z4z)<2s3s4s>")
	if code != 0 || !strings.Contains(out, "waits: 1m 4m") {
		t.Errorf("analyze melds: %d %q", code, out)
	}
}

func TestMahjongScore(t *testing.T) {
	code, out, errs := runMahjong(t, "score", "123m456p789s13s55p", "--win", "2s", "--tsumo", "--riichi",
		"--seat", "E", "--dora", "4p", "--sticks", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Yaku []struct {
			Name string
			Han  int
		}
		Han, Fu, Yakuman, Points int
		Payments                 [4]int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err, out)
	}
	if got.Han != 5 || got.Fu != 30 || got.Points != 12000 || got.Payments != [4]int{13000, -4000, -4000, -4000} {
		t.Errorf("score: %+v", got)
	}
	if len(got.Yaku) != 3 || got.Yaku[0].Name != "門前清自摸和" || got.Yaku[2].Name != "ドラ" || got.Yaku[2].Han != 3 {
		t.Errorf("yaku %+v", got.Yaku)
	}
	code, out, _ = runMahjong(t, "score", "222m444p666s88s99s", "--win", "9s", "--tsumo", "--riichi", "--dora", "1m")
	if code != 0 || !strings.Contains(out, "四暗刻 (Suuankou) yakuman ×1") || !strings.Contains(out, "NOTIFY agari shows: 50 門前清自摸和,1 立直,1 ドラ,3 対々和,2") {
		t.Errorf("suuankou: %d %q", code, out)
	}
	code, out, _ = runMahjong(t, "score", "19m19p19s1234567z", "--win", "1m", "--rules", "tenhou", "--from", "N")
	if code != 0 || !strings.Contains(out, "国士無双１３面") || !strings.Contains(out, "32000 points") || !strings.Contains(out, "N -32000") {
		t.Errorf("kokushi: %d %q", code, out)
	}
}

func TestMahjongHandErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"score", "123m456p789s234s5z", "--win", "5z"}, 1, "no yaku"},
		{[]string{"score", "123m456p789s234s5z", "--win", "6z", "--riichi"}, 1, "not complete"},
		{[]string{"score", "123m456p789s234s5x", "--win", "5z"}, 2, `"5x": unknown suit`},
		{[]string{"score", "123m456p789s234s5z", "--win", "5x"}, 2, `--win "5x": unknown suit`},
		{[]string{"score", "123m456p789s234s5z"}, 2, "--win"},
		{[]string{"score", "123m456p789s234s5z", "--win", "5z", "--seat", "X"}, 2, `--seat "X"`},
		{[]string{"score", "123m456p789s234s5z", "--win", "5z", "--rules", "mleague"}, 2, `--rules "mleague"`},
		{[]string{"score", "123m456p789s234s5z", "--win", "5z", "--ippatsu"}, 2, "--ippatsu"},
		{[]string{"score", "23m456p789s55p<7z7z7z>", "--win", "1m", "--riichi"}, 2, "open meld"},
		{[]string{"analyze", "1m1m1m1m1m"}, 2, "five 1m"},
		{[]string{"analyze", "123m"}, 2, "3 concealed tiles"},
		{[]string{"analyze", "123m456p789s1z2z5z6z7z", "--visible", "1z1z1z1z"}, 2, "--visible"},
	}
	for _, c := range cases {
		code, _, errs := runMahjong(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("lab mahjong %v: exit %d stderr %q, want %d containing %q", c.args, code, errs, c.code, c.msg)
		}
	}
}
