package werewolf

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// newToken returns a player token: 128 random bits from crypto/rand as 32
// hex digits (docs/rules/werewolf.md, decision 17), so tokens cannot be guessed.
func newToken() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand panics on an OS failure)
	return hex.EncodeToString(b[:])
}

// newGameID returns a game id: 64 random bits as 16 hex digits.
func newGameID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// tokenHash is what the database keeps of a token: its SHA-256, so a copy
// of the database does not hand out the right to act for a player.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// animals are the players' names (the spec: 動物名, e.g. Bear, Fox, Wolf,
// Rabbit, Eagle…). A game takes them in a seeded random order.
var animals = []string{
	"Bear", "Fox", "Wolf", "Rabbit", "Eagle", "Owl", "Deer", "Otter",
	"Badger", "Hawk", "Lynx", "Raven", "Boar", "Heron", "Mole", "Crane",
	"Falcon", "Hare", "Marten", "Swan",
}

// MaxPlayers is the largest game the server accepts (one name each).
var MaxPlayers = len(animals)
