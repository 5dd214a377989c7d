package nostr

import (
	gn "github.com/nbd-wtf/go-nostr"
)

// The 地鳳 server's channels (NIP-28 channel ids) and relays (seed §3–4).
const (
	ChannelHanchan = "c8d5c2709a5670d6f621ac8020ac3e4fc3057a4961a15319f7c0818309407723" // 半荘戦, 2 winds
	ChannelTonpu   = "06ddcb27b27f667d6487b5128625f25cb2148cf87bff0502aaffe5ca705dc626" // 東風戦, 1 wind
)

// DefaultRelays are the relays of the seed; used only when a user runs
// the live player without --relay.
var DefaultRelays = []string{"wss://relay.nostr.wirednet.jp/", "wss://yabu.me/"}

// Event kinds of the protocol.
const (
	KindChannel   = 42    // NIP-28 channel message
	KindEphemeral = 20000 // ephemeral message, handled like 42
	KindStatus    = 30315 // table status, d tag = channel
)

// Rounds returns the number of winds played on a channel: 1 for 東風戦,
// 2 otherwise (the server's getBafuLength).
func Rounds(channel string) int {
	if channel == ChannelTonpu {
		return 1
	}
	return 2
}

// RootTag is the channel tag every message carries: 4 elements, the
// server reads tag[3] == "root".
func RootTag(channel string) gn.Tag { return gn.Tag{"e", channel, "", "root"} }

// Channel returns the channel id of e's root tag, or "".
func Channel(e *gn.Event) string {
	for _, t := range e.Tags {
		if len(t) >= 4 && t[0] == "e" && t[3] == "root" {
			return t[1]
		}
	}
	return ""
}

// HasP reports whether e is p-tagged to pub.
func HasP(e *gn.Event, pub string) bool {
	for _, t := range e.Tags {
		if len(t) >= 2 && t[0] == "p" && t[1] == pub {
			return true
		}
	}
	return false
}

// ReplyTo returns the id of the event e answers (its "reply" e tag), or "".
func ReplyTo(e *gn.Event) string {
	for _, t := range e.Tags {
		if len(t) >= 4 && t[0] == "e" && t[3] == "reply" {
			return t[1]
		}
	}
	return ""
}

// CommandEvent is a new command to the server (gamestart, join, next):
// tags root + p server (seed §9).
func CommandEvent(kind int, channel, server, content string) gn.Event {
	return gn.Event{Kind: kind, CreatedAt: gn.Now(), Content: content,
		Tags: gn.Tags{RootTag(channel), {"p", server}}}
}

// ReplyEvent answers req with the spec's reply tags (seed §10): root e
// tag, reply e tag naming req's author, p us, p server; same kind as req.
func ReplyEvent(req *gn.Event, channel, me, server, content string) gn.Event {
	return gn.Event{Kind: req.Kind, CreatedAt: gn.Now(), Content: content, Tags: gn.Tags{
		RootTag(channel),
		{"e", req.ID, "", "reply", req.PubKey},
		{"p", me},
		{"p", server},
	}}
}
