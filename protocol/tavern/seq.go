package tavern

import (
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"time"
)

// The seq of section 五 counts the requests a dealer sent to this bot, from
// 1, strictly increasing, and back to 1 when the dealer restarts. The bot
// uses it only to answer a replayed request (a dealer's retry) from its
// cache. It never refuses an authentic request because of its seq: a
// refusal could lock the bot out of a match for good (a dealer that
// restarted, a forward jump, two dealers at once, the same bot seated
// twice), and an attacker cannot forge a request anyway (section 四).
//
// Answers are kept per stream: the match and the seat the request is for
// (-1 for an invitation or a request without "you"). Two dealers, or two
// seats of the bot in one match, are separate streams, so their seqs
// never collide. Within a stream:
//   - the same seq with the same body is answered from the cache (waiting
//     for the first answer if it is still being computed);
//   - the same seq with another body is answered afresh (and replaces the
//     cached answer);
//   - seq 1 after a higher seq, or seq 1 with another body, is a dealer
//     restart: the stream's memory is cleared (an identical seq 1 keeps its
//     own cached answer);
//   - a seq lower than any remembered but never seen is answered afresh.
//
// A stream keeps the answers of its last seqWindow seqs; streams unused for
// matchTTL, and the oldest beyond maxStreams, are forgotten.

// seqWindow is how many seqs below a stream's highest keep their answers.
const seqWindow = 1024

// maxStreams bounds the streams remembered at once.
const maxStreams = 4096

// streamKey is what tells the request streams apart.
type streamKey struct {
	match string
	seat  int
}

// keyOf is the stream of a request with the common fields c.
func keyOf(c *Common) streamKey {
	k := streamKey{match: c.MatchID, seat: -1}
	if c.You != nil {
		k.seat = c.You.Seat
	}
	return k
}

// stream is one stream's memory.
type stream struct {
	answers map[int64]*answer
	maxSeq  int64
	used    time.Time
}

// answer is a cached response to one seq.
type answer struct {
	bodyHash [32]byte
	done     chan struct{}
	status   int
	body     []byte
}

// once answers a request of stream key with seq: from the cache for a
// replay, else by running handle (see the rules above). A seq below 1 (a
// dealer that does not number its requests) is never cached.
func (b *Bot) once(w http.ResponseWriter, key streamKey, seq int64, body []byte, handle func() (int, any)) {
	if seq < 1 {
		status, v := handle()
		b.writeRaw(w, status, encodeAnswer(v, &status))
		return
	}
	h := sha256.Sum256(body)
	b.mu.Lock()
	st := b.stream(key)
	if seq == 1 && st.maxSeq >= 1 {
		first, ok := st.answers[1]
		if !ok || first.bodyHash != h || st.maxSeq > 1 {
			b.logger().Info("dealer restarted (seq back to 1)", "match", key.match, "seat", key.seat)
			st.answers, st.maxSeq = map[int64]*answer{}, 0
			if ok && first.bodyHash == h {
				st.answers[1], st.maxSeq = first, 1
			}
		}
	}
	if a, ok := st.answers[seq]; ok {
		if a.bodyHash == h {
			b.mu.Unlock()
			<-a.done
			b.writeRaw(w, a.status, a.body)
			return
		}
		b.logger().Warn("seq reused for another request; answering it afresh", "match", key.match, "seat", key.seat, "seq", seq)
	}
	a := &answer{bodyHash: h, done: make(chan struct{})}
	st.answers[seq] = a
	if seq > st.maxSeq {
		st.maxSeq = seq
		for s := range st.answers {
			if s <= st.maxSeq-seqWindow {
				delete(st.answers, s)
			}
		}
	}
	b.mu.Unlock()

	status, v := handle()
	out := encodeAnswer(v, &status)
	a.status, a.body = status, out
	close(a.done)
	b.writeRaw(w, status, out)
}

// encodeAnswer encodes a handler's answer; one that cannot be encoded
// (a programming error) becomes a 500.
func encodeAnswer(v any, status *int) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		*status = http.StatusInternalServerError
		return []byte(`{"error":"cannot encode reply"}`)
	}
	return out
}

// stream finds or starts key's stream, forgetting streams unused for
// matchTTL and, beyond maxStreams, the least recently used. Called with
// b.mu held.
func (b *Bot) stream(key streamKey) *stream {
	now := b.now()
	if st, ok := b.streams[key]; ok {
		st.used = now
		return st
	}
	if b.streams == nil {
		b.streams = map[streamKey]*stream{}
	}
	if len(b.streams) >= maxStreams {
		var oldest streamKey
		var at time.Time
		for k, st := range b.streams {
			if now.Sub(st.used) > matchTTL {
				delete(b.streams, k)
			} else if at.IsZero() || st.used.Before(at) {
				oldest, at = k, st.used
			}
		}
		if len(b.streams) >= maxStreams {
			delete(b.streams, oldest)
		}
	}
	st := &stream{answers: map[int64]*answer{}, used: now}
	b.streams[key] = st
	return st
}
