package datasets

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// MarkerFile is the name of a run directory's shard marker: written with
// Complete false when a shard starts and rewritten with Complete true after
// its Parquet files and summary are in place, so a directory whose marker
// says complete holds a finished shard, and one whose marker does not was
// interrupted (killed, node lost) and must be run again.
const MarkerFile = "shard.json"

// Marker records which part of which run a directory holds.
type Marker struct {
	Complete bool   `json:"complete"`
	Shard    string `json:"shard"` // "i/n"
	First    int64  `json:"first_game"`
	End      int64  `json:"end_game"`
	Total    int64  `json:"total_games"`
	// Config is RunInfo.ConfigHash of the run: shards of one run share it.
	Config string `json:"config_hash"`
	// Args are the lab arena arguments that produce the run without the
	// per-shard ones (--shard, --out) and with the seed made explicit, so a
	// missing shard can be planned again with exactly the same flags.
	Args    []string `json:"args"`
	Version string   `json:"version"`
}

// ConfigHash is a hex SHA-256 over what decides a run's games: game,
// resolved rules, players, schedule, seed, total games and whether
// decisions are recorded. Shards of one run have the same hash; the game
// range, shard and version are not part of it.
func (in RunInfo) ConfigHash() string {
	h := sha256.New()
	str := func(s string) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	num := func(v uint64) {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], v)
		h.Write(n[:])
	}
	str(in.Game)
	str(in.RulesJSON)
	num(uint64(len(in.Players)))
	for _, p := range in.Players {
		str(p)
	}
	str(in.Schedule)
	num(uint64(in.Seed))
	num(uint64(in.Total))
	if in.Decisions {
		num(1)
	} else {
		num(0)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// WriteMarker writes m into dir through a temporary name.
func WriteMarker(dir string, m Marker) error {
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, MarkerFile)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(raw, '\n'), 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ErrNoMarker reports a directory without a shard marker.
var ErrNoMarker = errors.New("no shard marker")

// ReadMarker reads dir's marker; a missing one is ErrNoMarker, a broken
// one wraps ErrRead.
func ReadMarker(dir string) (Marker, error) {
	var m Marker
	raw, err := os.ReadFile(filepath.Join(dir, MarkerFile))
	if errors.Is(err, os.ErrNotExist) {
		return m, fmt.Errorf("%s: %w", dir, ErrNoMarker)
	}
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, fmt.Errorf("%w: %s: %v", ErrRead, filepath.Join(dir, MarkerFile), err)
	}
	return m, nil
}
