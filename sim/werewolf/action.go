package werewolf

import (
	"fmt"
	"strconv"
	"strings"

	"gamelab/sim"
)

// ActionKind says what an Action does.
type ActionKind uint8

// The actions. The spec's endpoints: speak (Talk with target "all",
// Whisper with target "werewolf"), divine, kill, vote. Pass is an
// extension: a player ends their own part of today's discussion.
const (
	ActNone    ActionKind = iota
	ActTalk               // public message in the day's discussion
	ActWhisper            // wolf chat at night (living wolves only)
	ActPass               // done talking for today
	ActDivine             // seer: divine Target tonight
	ActKill               // werewolf: choose (or change) tonight's victim
	ActVote               // vote to execute Target
	numActionKinds
)

var actionNames = [numActionKinds]string{"none", "talk", "whisper", "pass", "divine", "kill", "vote"}

// String gives the action kind's notation ("talk", "vote", …).
func (k ActionKind) String() string {
	if k < numActionKinds {
		return actionNames[k]
	}
	return fmt.Sprintf("action(%d)", uint8(k))
}

// ContentKind says what structured content a message carries.
type ContentKind uint8

// The structured contents (after the AIWolf protocol's COMINGOUT, DIVINED,
// IDENTIFIED, ESTIMATE and VOTE). ContentNone: free text only — what
// messages from LLM players carry.
const (
	ContentNone       ContentKind = iota
	ContentComingOut              // "I am the <Role>"
	ContentDivined                // "I divined <Target>: <Role>" (villager/werewolf)
	ContentIdentified             // "the executed <Target> was <Role>" (medium result)
	ContentAccuse                 // "<Target> is a werewolf, I think"
	ContentVote                   // "I will vote for <Target>" (in wolf chat: "let us kill <Target>")
	numContentKinds
)

var contentNames = [numContentKinds]string{"", "co", "divined", "identified", "accuse", "vote"}

// String gives the content kind's notation ("co", "divined", …; "" for none).
func (k ContentKind) String() string {
	if k < numContentKinds {
		return contentNames[k]
	}
	return fmt.Sprintf("content(%d)", uint8(k))
}

// Content is the structured part of a message a bot can act on. Role is
// the role come out as (ContentComingOut) or the claimed species
// (RoleVillager/RoleWerewolf for ContentDivined and ContentIdentified);
// Target is the seat spoken about. Unused fields are RoleNone / sim.NoSeat.
type Content struct {
	Kind   ContentKind
	Role   Role
	Target sim.Seat
}

// NoContent is the content of a free-text-only message.
var NoContent = Content{Target: sim.NoSeat}

// Action is one decision of a seat. It is a small comparable value.
//
// Target is the seat divined, killed or voted for (sim.NoSeat otherwise).
// Talk and Whisper carry Content (NoContent for free text only) and Text:
// any valid UTF-8 of at most MaxTextBytes bytes. Legal lists messages with
// empty Text; Apply accepts the same message with any valid Text.
type Action struct {
	Kind    ActionKind
	Target  sim.Seat
	Content Content
	Text    string
}

// Pass ends the seat's part of the discussion (or of wolf chat).
func Pass() Action { return Action{Kind: ActPass, Target: sim.NoSeat, Content: NoContent} }

// Divine is the seer's night action on target.
func Divine(target sim.Seat) Action {
	return Action{Kind: ActDivine, Target: target, Content: NoContent}
}

// Kill is a werewolf's night choice of victim.
func Kill(target sim.Seat) Action { return Action{Kind: ActKill, Target: target, Content: NoContent} }

// Vote is a day vote for target's execution.
func Vote(target sim.Seat) Action { return Action{Kind: ActVote, Target: target, Content: NoContent} }

// Talk builds a public message.
func Talk(c Content, text string) Action {
	return Action{Kind: ActTalk, Target: sim.NoSeat, Content: c, Text: text}
}

// Whisper builds a wolf-chat message (wolves only, at night).
func Whisper(c Content, text string) Action {
	return Action{Kind: ActWhisper, Target: sim.NoSeat, Content: c, Text: text}
}

// ComingOut declares the speaker's role r.
func ComingOut(r Role) Content { return Content{Kind: ContentComingOut, Role: r, Target: sim.NoSeat} }

// Divined claims a divine result: seat t is of species (villager or
// werewolf).
func Divined(t sim.Seat, species Role) Content {
	return Content{Kind: ContentDivined, Role: species, Target: t}
}

// Identified claims a medium result about the executed seat t.
func Identified(t sim.Seat, species Role) Content {
	return Content{Kind: ContentIdentified, Role: species, Target: t}
}

// Accuse names t as a suspect.
func Accuse(t sim.Seat) Content { return Content{Kind: ContentAccuse, Target: t} }

// VoteFor states the intention to vote for t.
func VoteFor(t sim.Seat) Content { return Content{Kind: ContentVote, Target: t} }

// String gives the notation of c: "", "co seer", "divined 3 werewolf",
// "identified 2 villager", "accuse 4", "vote 1".
func (c Content) String() string {
	switch c.Kind {
	case ContentNone:
		return ""
	case ContentComingOut:
		return "co " + c.Role.String()
	case ContentDivined, ContentIdentified:
		return fmt.Sprintf("%s %d %s", c.Kind, c.Target, c.Role)
	}
	return fmt.Sprintf("%s %d", c.Kind, c.Target)
}

// String gives the notation of a: "pass", "divine 3", "kill 2", "vote 1",
// `talk co seer "I am the seer"`, `whisper vote 2`, `talk "hello"`. Seats
// are numbers; text is a Go-quoted string. ParseAction reads it back.
func (a Action) String() string {
	switch a.Kind {
	case ActPass:
		return "pass"
	case ActDivine, ActKill, ActVote:
		return fmt.Sprintf("%s %d", a.Kind, a.Target)
	case ActTalk, ActWhisper:
		var b strings.Builder
		b.WriteString(a.Kind.String())
		if c := a.Content.String(); c != "" {
			b.WriteByte(' ')
			b.WriteString(c)
		}
		if a.Text != "" {
			b.WriteByte(' ')
			b.WriteString(strconv.Quote(a.Text))
		}
		return b.String()
	}
	return a.Kind.String()
}

// ParseAction reads the notation of Action.String. It checks the form
// only (seats 0..MaxPlayers-1, known words); whether the action is legal
// is Apply's business.
func ParseAction(s string) (Action, error) {
	bad := func(why string) (Action, error) {
		return Action{}, fmt.Errorf("%w: action %q: %s", ErrParse, s, why)
	}
	word, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	rest = strings.TrimLeft(rest, " ")
	switch word {
	case "pass":
		if rest != "" {
			return bad("pass takes nothing")
		}
		return Pass(), nil
	case "divine", "kill", "vote":
		t, err := parseSeat(rest)
		if err != nil {
			return bad(err.Error())
		}
		a := Vote(t)
		a.Kind = map[string]ActionKind{"divine": ActDivine, "kill": ActKill, "vote": ActVote}[word]
		return a, nil
	case "talk", "whisper":
		a := Talk(NoContent, "")
		if word == "whisper" {
			a.Kind = ActWhisper
		}
		// The text, if any, is the quoted tail.
		if i := strings.IndexByte(rest, '"'); i >= 0 {
			text, err := strconv.Unquote(rest[i:])
			if err != nil {
				return bad("text is not a Go-quoted string")
			}
			a.Text = text
			rest = strings.TrimSpace(rest[:i])
		}
		c, err := parseContent(rest)
		if err != nil {
			return bad(err.Error())
		}
		a.Content = c
		return a, nil
	}
	return bad("unknown action (want talk, whisper, pass, divine, kill or vote)")
}

func parseContent(s string) (Content, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return NoContent, nil
	}
	k := ContentNone
	for i := ContentComingOut; i < numContentKinds; i++ {
		if f[0] == contentNames[i] {
			k = i
		}
	}
	switch k {
	case ContentComingOut:
		if len(f) != 2 {
			return Content{}, fmt.Errorf("co takes a role")
		}
		r, err := ParseRole(f[1])
		if err != nil || r == RoleNone {
			return Content{}, fmt.Errorf("unknown role %q", f[1])
		}
		return ComingOut(r), nil
	case ContentDivined, ContentIdentified:
		if len(f) != 3 {
			return Content{}, fmt.Errorf("%s takes a seat and villager|werewolf", k)
		}
		t, err := parseSeat(f[1])
		if err != nil {
			return Content{}, err
		}
		r, err := ParseRole(f[2])
		if err != nil || (r != RoleVillager && r != RoleWerewolf) {
			return Content{}, fmt.Errorf("result %q is not villager or werewolf", f[2])
		}
		return Content{Kind: k, Role: r, Target: t}, nil
	case ContentAccuse, ContentVote:
		if len(f) != 2 {
			return Content{}, fmt.Errorf("%s takes a seat", k)
		}
		t, err := parseSeat(f[1])
		if err != nil {
			return Content{}, err
		}
		return Content{Kind: k, Target: t}, nil
	}
	return Content{}, fmt.Errorf("unknown content %q", f[0])
}

func parseSeat(s string) (sim.Seat, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= MaxPlayers {
		return sim.NoSeat, fmt.Errorf("seat %q is not a number 0..%d", s, MaxPlayers-1)
	}
	return sim.Seat(n), nil
}
