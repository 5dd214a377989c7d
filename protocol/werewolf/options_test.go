package werewolf

import (
	"context"
	"math"
	"testing"
)

// TestNewServerRefusesOddTimeScale: NaN or infinite time limits are an
// error, not a server whose deadlines are undefined.
func TestNewServerRefusesOddTimeScale(t *testing.T) {
	store, err := OpenStore(":memory:", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if s, err := NewServer(context.Background(), Options{Store: store, TimeScale: f}); err == nil {
			s.Close()
			t.Errorf("TimeScale %v accepted", f)
		}
	}
}
