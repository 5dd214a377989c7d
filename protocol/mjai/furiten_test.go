package mjai

import (
	"slices"
	"testing"

	"gamelab/sim"
	"gamelab/sim/mahjong"
)

// TestLegalTemporaryFuriten feeds a Fold the messages of the mjai
// protocol (as its document writes them) for a closed 一気通貫 waiting on
// 5p alone: ron is offered on the first 5p; a second 5p before the seat
// discards again is temporary furiten (a winning tile passed), so no
// ron; after the seat's own discard ron comes back. Before the Fold kept
// the tiles passed, Legal offered the furiten ron, which a host refuses.
func TestLegalTemporaryFuriten(t *testing.T) {
	lines := []struct {
		msg     string
		ronWant int // -1: not asked; 0/1: ron offered
	}{
		{`{"type":"start_game","id":0,"names":["a","b","c","d"]}`, -1},
		{`{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1s","tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]],"unknown_field":1}`, -1},
		{`{"type":"tsumo","actor":0,"pai":"E"}`, -1},
		{`{"type":"dahai","actor":0,"pai":"E","tsumogiri":true}`, -1},
		{`{"type":"tsumo","actor":1,"pai":"?"}`, -1},
		{`{"type":"dahai","actor":1,"pai":"5p","tsumogiri":false}`, 1},
		{`{"type":"tsumo","actor":2,"pai":"?"}`, -1},
		{`{"type":"dahai","actor":2,"pai":"5p","tsumogiri":true}`, 0},
		{`{"type":"tsumo","actor":3,"pai":"?"}`, -1},
		{`{"type":"dahai","actor":3,"pai":"N","tsumogiri":true}`, 0},
		{`{"type":"tsumo","actor":0,"pai":"W"}`, -1},
		{`{"type":"dahai","actor":0,"pai":"W","tsumogiri":true}`, -1},
		{`{"type":"tsumo","actor":1,"pai":"?"}`, -1},
		{`{"type":"dahai","actor":1,"pai":"5p","tsumogiri":true}`, 1},
	}
	f := NewFold(sim.NoSeat)
	var buf [32]mahjong.Action
	for i, l := range lines {
		m, err := Parse([]byte(l.msg))
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if _, err := f.Apply(&m); err != nil {
			t.Fatalf("line %d %s: %v", i, l.msg, err)
		}
		if l.ronWant < 0 {
			continue
		}
		if !f.Asked {
			t.Fatalf("line %d %s: the fold does not ask seat 0", i, l.msg)
		}
		ron := slices.Contains(Legal(&f.View, f.Sit, buf[:0]), mahjong.Action{Kind: mahjong.ActRon})
		if ron != (l.ronWant == 1) {
			t.Errorf("line %d %s: ron offered %v, want %v", i, l.msg, ron, l.ronWant == 1)
		}
	}
}
