package werewolf

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// Store is the server's SQLite database with the spec's three tables
// (データ保存方式): games (id, game_data JSON, created_at, updated_at),
// messages (id, game_id, message_data JSON, created_at) and actions (id,
// game_id, action_data JSON, created_at), plus a one-row health table that
// GET /api/health writes to prove the database writable. Every accepted action is written
// in one transaction that commits before the server answers; the actions
// table is the game's whole input log, from which a restarted server
// rebuilds every game (the engine is deterministic).
type Store struct {
	db *sql.DB
}

// ErrStore wraps every database failure.
var ErrStore = errors.New("werewolf store")

// StoreOptions tunes the database. The zero value is the durable default.
type StoreOptions struct {
	// Fast selects synchronous=NORMAL: a committed action survives a crash
	// of the server process but maybe not of the operating system. The
	// default (FULL) syncs the log on every commit.
	Fast bool
}

// OpenStore opens (creating if needed) the database at path. Use ":memory:"
// only in tests of the store itself: a server restart needs a file.
func OpenStore(path string, opt StoreOptions) (*Store, error) {
	sync := "FULL"
	if opt.Fast {
		sync = "NORMAL"
	}
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(" + sync + ")&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("%w: open %s: %v", ErrStore, path, err)
	}
	// One connection: SQLite has one writer anyway, and this keeps every
	// commit in order without SQLITE_BUSY.
	db.SetMaxOpenConns(1)
	s := &Store{db: db}
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) migrate() error {
	const schema = `
CREATE TABLE IF NOT EXISTS games (
	id TEXT PRIMARY KEY,
	game_data TEXT NOT NULL CHECK (json_valid(game_data)),
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id TEXT NOT NULL REFERENCES games(id),
	message_data TEXT NOT NULL CHECK (json_valid(message_data)),
	created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_game ON messages(game_id, id);
CREATE TABLE IF NOT EXISTS actions (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	game_id TEXT NOT NULL REFERENCES games(id),
	action_data TEXT NOT NULL CHECK (json_valid(action_data)),
	created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS actions_game ON actions(game_id, id);
CREATE TABLE IF NOT EXISTS health (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	checked_at TEXT NOT NULL
);`
	if _, err := s.db.Exec(schema); err != nil {
		return fmt.Errorf("%w: create tables: %v", ErrStore, err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Ping reports whether the database answers (GET /api/health).
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("%w: ping: %v", ErrStore, err)
	}
	return nil
}

// Writable reports whether the database takes a write: it commits one
// row of the small health table (a full disk, a read-only file or a lost
// lock fail here as an action's commit would).
func (s *Store) Writable(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at", stamp(time.Now()))
	if err != nil {
		return fmt.Errorf("%w: write: %v", ErrStore, err)
	}
	return nil
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// Batch is what one accepted request writes: the game's new JSON (nil to
// leave it), message rows and action rows, all JSON.
type Batch struct {
	Game     []byte
	Messages [][]byte
	Actions  [][]byte
}

// CreateGame inserts a new game row.
func (s *Store) CreateGame(ctx context.Context, id string, data []byte, now time.Time) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO games (id, game_data, created_at, updated_at) VALUES (?, ?, ?, ?)",
		id, string(data), stamp(now), stamp(now))
	if err != nil {
		return fmt.Errorf("%w: insert game %s: %v", ErrStore, id, err)
	}
	return nil
}

// Commit writes b for game id in one transaction and returns once it is
// committed.
func (s *Store) Commit(ctx context.Context, id string, b Batch, now time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%w: begin: %v", ErrStore, err)
	}
	defer tx.Rollback() // no-op after Commit
	at := stamp(now)
	if b.Game != nil {
		res, err := tx.ExecContext(ctx, "UPDATE games SET game_data = ?, updated_at = ? WHERE id = ?", string(b.Game), at, id)
		if err != nil {
			return fmt.Errorf("%w: update game %s: %v", ErrStore, id, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("%w: update game %s: %v", ErrStore, id, err)
		}
		if n != 1 {
			return fmt.Errorf("%w: update game %s: no such game", ErrStore, id)
		}
	}
	for _, m := range b.Messages {
		if _, err := tx.ExecContext(ctx, "INSERT INTO messages (game_id, message_data, created_at) VALUES (?, ?, ?)", id, string(m), at); err != nil {
			return fmt.Errorf("%w: insert message: %v", ErrStore, err)
		}
	}
	for _, a := range b.Actions {
		if _, err := tx.ExecContext(ctx, "INSERT INTO actions (game_id, action_data, created_at) VALUES (?, ?, ?)", id, string(a), at); err != nil {
			return fmt.Errorf("%w: insert action: %v", ErrStore, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%w: commit: %v", ErrStore, err)
	}
	return nil
}

// StoredGame is one row of games.
type StoredGame struct {
	ID        string
	Data      []byte
	CreatedAt string
}

// Games returns every game row in creation order.
func (s *Store) Games(ctx context.Context) ([]StoredGame, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, game_data, created_at FROM games ORDER BY created_at, id")
	if err != nil {
		return nil, fmt.Errorf("%w: list games: %v", ErrStore, err)
	}
	defer rows.Close()
	var out []StoredGame
	for rows.Next() {
		var g StoredGame
		var data string
		if err := rows.Scan(&g.ID, &data, &g.CreatedAt); err != nil {
			return nil, fmt.Errorf("%w: scan game: %v", ErrStore, err)
		}
		g.Data = []byte(data)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%w: list games: %v", ErrStore, err)
	}
	return out, nil
}

// Rows returns the JSON column of table ("messages" or "actions") for game
// id, in insertion order.
func (s *Store) Rows(ctx context.Context, table, id string) ([][]byte, error) {
	var q string
	switch table {
	case "messages":
		q = "SELECT message_data FROM messages WHERE game_id = ? ORDER BY id"
	case "actions":
		q = "SELECT action_data FROM actions WHERE game_id = ? ORDER BY id"
	default:
		return nil, fmt.Errorf("%w: unknown table %q", ErrStore, table)
	}
	rows, err := s.db.QueryContext(ctx, q, id)
	if err != nil {
		return nil, fmt.Errorf("%w: read %s of %s: %v", ErrStore, table, id, err)
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, fmt.Errorf("%w: scan %s: %v", ErrStore, table, err)
		}
		out = append(out, []byte(d))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%w: read %s: %v", ErrStore, table, err)
	}
	return out, nil
}
