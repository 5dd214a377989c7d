package mcptools

import (
	"context"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gamelab/protocol/werewolf"
	ww "gamelab/sim/werewolf"
)

// Seat is the player the tools act for.
type Seat struct {
	Client *werewolf.Client
	GameID string
	Token  string
}

// Empty is the input of tools without arguments.
type Empty struct{}

// SpeakInput is the input of the speak tool.
type SpeakInput struct {
	Message string `json:"message" jsonschema:"what to say: free text in any language, at most 4000 bytes; name players by their names"`
	Target  string `json:"target,omitempty" jsonschema:"all (the public day discussion, the default) or werewolf (the werewolves' private night chat)"`
}

// TargetInput is the input of divine, kill and vote.
type TargetInput struct {
	TargetPlayer string `json:"target_player" jsonschema:"the name of a living player, exactly as get_game lists it, e.g. Fox"`
}

// MessagesInput is the input of get_messages.
type MessagesInput struct {
	Since string `json:"since,omitempty" jsonschema:"the id of the last message you have already read; only later messages are returned. Leave out to get every message."`
}

// Rules is the output of the rules tool.
type Rules struct {
	Rules string `json:"rules"`
}

// PassResult is the output of the pass tool.
type PassResult struct {
	Success bool   `json:"success"`
	Meaning string `json:"meaning"`
}

// rulesFor explains the game: from the server's config and time scale
// when it reports them (our server does), else from the spec's defaults
// for the player count.
func rulesFor(info werewolf.GameInfo) string {
	if info.Config != nil {
		return werewolf.RulesText(*info.Config, info.TimeScale)
	}
	r, err := ww.Preset(strconv.Itoa(len(info.Players)))
	if err != nil {
		r = ww.Default(max(len(info.Players)-3, 0), 1, 0, 1, 1)
	}
	for role, n := range info.RoleCounts {
		if x, err := ww.ParseRole(role); err == nil {
			switch x {
			case ww.RoleVillager:
				r.Villagers = n
			case ww.RoleSeer:
				r.Seers = n
			case ww.RoleMedium:
				r.Mediums = n
			case ww.RoleWerewolf:
				r.Werewolves = n
			case ww.RoleMadman:
				r.Madmen = n
			}
		}
	}
	r.Players = len(info.Players)
	return "(This server does not report its configuration: the spec's defaults are shown.)\n" + werewolf.RulesText(r, 1)
}

// The tool descriptions are written for an LLM: what the tool is for, when
// to call it, and what its result means.
const (
	descRules          = "Explains this game's rules in plain words: roles and teams, how to win, the night and the day, this game's message limits and time limits. Call it once at the start."
	descStatus         = "Call this first and whenever you are unsure what to do. Returns your name, your role, whether you are alive, the phase (game_phase waiting/night/day/finished, phase_detail discussion/voting/action), time_remaining in seconds, can_act, and actions_available: the tools you may use now (speak, pass, divine, kill, vote). remaining_speaks is how many messages you may still send in this phase; a werewolf also sees its pack in werewolves. Empty actions_available means wait and call get_status again."
	descGame           = "The public state: every player with alive/dead, the phase, day_count, time_remaining, and phase_results (who was killed each night, who was executed each day and who voted for whom). After the end: the winner, the reason and every role."
	descMessages       = "The messages you may read, oldest first: the public talk, plus the werewolves' private chat (target werewolf) if you are a werewolf. Each has an id, the speaker's name, the text, the day and phase. Pass since = the id of the last message you have read to get only newer ones."
	descSpeak          = "Say something. By day (phase_detail discussion) target all: everyone reads it; you have a few messages per day (remaining_speaks). At night a werewolf may use target werewolf: only the werewolves read it. Lying is allowed. When you have nothing more to say, call pass instead of waiting: the phase only ends early when everyone has passed."
	descPass           = "Say you are done talking for now: by day you are done with today's discussion (the vote starts when every living player has passed or used their messages); at night, as a werewolf, you leave tonight's wolf chat (the night ends when the divine and kill are done and every werewolf has passed). Call it as soon as you have nothing more to say, or everyone waits for the time limit."
	descDivine         = "Fortune teller only, at night: divine one other living player. The result is villager or werewolf (a madman shows as villager). Once per night; the result is yours alone unless you tell others."
	descKill           = "Werewolf only, at night (not on night 0 unless the rules say so): choose the living non-werewolf to kill. With several werewolves the most chosen victim dies. You may change your choice while you are still in the wolf chat (each change uses one pack message). Then call pass to end your part of the night."
	descVote           = "During the day's vote (phase_detail voting): vote to execute another living player. One vote, final. The most voted player is executed; everyone sees the votes after the count."
	descDivineResults  = "Fortune teller: every divine result so far: the player, villager or werewolf, and the day (a divine made on night N has day N, as the messages of that night do)."
	descPsychicResults = "Psychic (medium): for each executed player, whether they were a werewolf or not (a madman shows as villager), with the day of the execution."
)

// NewServer returns an MCP server whose tools act for seat.
func NewServer(seat Seat, version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "werewolf", Title: "Werewolf (人狼) player tools", Version: version}, nil)
	c, id, tok := seat.Client, seat.GameID, seat.Token
	mcp.AddTool(s, &mcp.Tool{Name: "get_rules", Description: descRules},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, Rules, error) {
			info, err := c.Game(ctx, id)
			if err != nil {
				return nil, Rules{}, err
			}
			return nil, Rules{Rules: rulesFor(info)}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_status", Description: descStatus},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.PlayerStatus, error) {
			r, err := c.Status(ctx, id, tok)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_game", Description: descGame},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.GameInfo, error) {
			r, err := c.Game(ctx, id)
			r.Config = nil // get_rules explains it in words
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_messages", Description: descMessages},
		func(ctx context.Context, _ *mcp.CallToolRequest, in MessagesInput) (*mcp.CallToolResult, werewolf.MessagesResponse, error) {
			r, err := c.Messages(ctx, id, tok)
			if err != nil {
				return nil, r, err
			}
			r.Messages = After(r.Messages, in.Since)
			return nil, r, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "speak", Description: descSpeak},
		func(ctx context.Context, _ *mcp.CallToolRequest, in SpeakInput) (*mcp.CallToolResult, werewolf.SpeakResponse, error) {
			if in.Target == "" {
				in.Target = "all"
			}
			r, err := c.Speak(ctx, id, tok, in.Message, in.Target)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "pass", Description: descPass},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, PassResult, error) {
			st, err := c.Status(ctx, id, tok)
			if err != nil {
				return nil, PassResult{}, err
			}
			if err := c.Pass(ctx, id, tok); err != nil {
				return nil, PassResult{}, err
			}
			meaning := "You are done with today's discussion; wait for the vote (call get_status)."
			if st.GamePhase == "night" {
				meaning = "You have left tonight's wolf chat; wait for the day (call get_status)."
			}
			return nil, PassResult{Success: true, Meaning: meaning}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "divine", Description: descDivine},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Divine(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "kill", Description: descKill},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Kill(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "vote", Description: descVote},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Vote(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_divine_results", Description: descDivineResults},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.DivineResults, error) {
			r, err := c.DivineResults(ctx, id, tok)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_psychic_results", Description: descPsychicResults},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.PsychicResults, error) {
			r, err := c.PsychicResults(ctx, id, tok)
			return nil, r, err
		})
	return s
}

// After returns the messages that follow the one with id since (all of
// them when since is empty or not found: a reader that lost its place
// gets everything rather than nothing).
func After(msgs []werewolf.Message, since string) []werewolf.Message {
	if since == "" {
		return msgs
	}
	for i, m := range msgs {
		if m.ID == since {
			return msgs[i+1:]
		}
	}
	return msgs
}
