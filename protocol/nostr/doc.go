// Package nostr runs 地鳳 mahjong over Nostr relays: the AI player that
// answers the live server bot's GET prompts with any mahjong strategy, the
// referee that speaks the server's side with our engine (so the whole live
// path runs offline), and the connection pool both use.
//
// Protocol: NIP-01 events (https://github.com/nostr-protocol/nips/blob/master/01.md)
// of kind 42 (NIP-28 channel messages) or 20000, table status as kind 30315
// (NIP-38 style, d tag = channel). The message texts are in package wire;
// the server's exact behaviour is described in docs/rules/mahjong-wire.md
// (nikolat/mahjong-bot @ 8087e96a) and the seed SPEC.md
// (SnowCait). Keys are BIP-340 Schnorr keys written as hex or NIP-19
// nsec/npub (https://github.com/nostr-protocol/nips/blob/master/19.md);
// signing and verification use github.com/nbd-wtf/go-nostr.
//
// Fair play: the player reads only events p-tagged to its own key and the
// public NOTIFY lines, although every prompt on the channel is public.
package nostr
