package werewolf

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestStoreCommitIsAtomic: a batch that fails halfway (here: an invalid
// JSON row, refused by the table's CHECK) leaves nothing behind, and the
// game row is unchanged.
func TestStoreCommitIsAtomic(t *testing.T) {
	ctx := context.Background()
	s, err := OpenStore(filepath.Join(t.TempDir(), "s.db"), StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	if err := s.CreateGame(ctx, "g1", []byte(`{"v":1}`), now); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, "g1", []byte(`{"v":1}`), now); err == nil {
		t.Fatal("duplicate game id accepted")
	}
	if err := s.Commit(ctx, "g1", Batch{Game: []byte(`{"v":2}`), Messages: [][]byte{[]byte(`{"m":1}`)}, Actions: [][]byte{[]byte(`{"a":1}`)}}, now); err != nil {
		t.Fatal(err)
	}
	err = s.Commit(ctx, "g1", Batch{Game: []byte(`{"v":3}`), Messages: [][]byte{[]byte(`{"m":2}`)}, Actions: [][]byte{[]byte(`not json`)}}, now)
	if err == nil {
		t.Fatal("invalid JSON accepted")
	}
	if err := s.Commit(ctx, "nosuch", Batch{Game: []byte(`{}`)}, now); err == nil {
		t.Fatal("update of a missing game accepted")
	}
	games, err := s.Games(ctx)
	if err != nil || len(games) != 1 || string(games[0].Data) != `{"v":2}` {
		t.Fatalf("games %+v %v", games, err)
	}
	for _, table := range []string{"messages", "actions"} {
		rows, err := s.Rows(ctx, table, "g1")
		if err != nil || len(rows) != 1 {
			t.Fatalf("%s: %d rows, %v (want the first batch only)", table, len(rows), err)
		}
	}
	if _, err := s.Rows(ctx, "games; DROP TABLE games", "g1"); err == nil {
		t.Fatal("unknown table accepted")
	}
	if err := s.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}
