// Package relay is a small in-memory NIP-01 Nostr relay for tests and for
// running the live mahjong path offline (`lab relay`, `lab demo mahjong`).
//
// It speaks the client-to-relay messages of NIP-01
// (https://github.com/nostr-protocol/nips/blob/master/01.md): EVENT is
// answered with OK after the id and the BIP-340 signature are checked; REQ
// sends the stored events that match its filters (ids, authors, kinds, #e,
// #p, #d and any other single-letter tag, since, until, limit), newest
// first, then EOSE, and afterwards every new matching event; CLOSE ends a
// subscription. Kinds 20000–29999 are ephemeral (forwarded, never stored);
// kinds 0, 3 and 10000–19999 are replaceable per (author, kind) and
// 30000–39999 (e.g. the 30315 table status) per (author, kind, d tag).
// Everything lives in memory; Drop closes every client connection (to test
// reconnection) while keeping the stored events.
package relay
