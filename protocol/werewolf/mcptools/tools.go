package mcptools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"gamelab/protocol/werewolf"
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
	Message string `json:"message" jsonschema:"what to say (free text, any language)"`
	Target  string `json:"target,omitempty" jsonschema:"all (the village, in the day) or werewolf (the wolves' night chat); default all"`
}

// TargetInput is the input of divine, kill and vote.
type TargetInput struct {
	TargetPlayer string `json:"target_player" jsonschema:"the name of a living player, e.g. Fox"`
}

// Rules is the output of the rules tool.
type Rules struct {
	Rules string `json:"rules"`
}

// rulesText is the game explained for a player, from the spec and the
// decisions file.
const rulesText = `Werewolf (人狼). Teams: village (villager, fortune_teller, psychic = medium) and werewolf (werewolf, madman).
The village wins when every werewolf is dead. The werewolves win when living werewolves are at least as many as all other living players (the madman counts as human). Your team winning is what matters, not your own survival.
Flow: night 0, then day 1, night 1, day 2, ... Night 0 has no kill.
Night: the fortune_teller divines one living player (result villager or werewolf; the madman shows as villager) within 60 s; the werewolves choose one living non-werewolf to kill within 120 s (with several wolves, the plurality of their latest choices dies) and may chat with target "werewolf" (10 messages per night for the pack). The psychic (medium) learns automatically whether the player executed the day before was a werewolf.
Day: the night's victim is announced; discussion for 300 s, 5 messages per living player; then a 60 s vote: one final vote per living player for another living player; the most voted player is executed (ties at random). Votes are shown after the tally.
Timeouts: a missing divine, kill or vote is done at random by the server and logged as automatic.
Dead players can read but not speak or act. Roles are revealed only at the end. Lying is allowed and expected.
Call get_status first and often: it tells your role, the phase, the time left and which actions are available now.`

// NewServer returns an MCP server whose tools act for seat.
func NewServer(seat Seat, version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "werewolf", Title: "Werewolf (人狼) player tools", Version: version}, nil)
	c, id, tok := seat.Client, seat.GameID, seat.Token
	mcp.AddTool(s, &mcp.Tool{Name: "get_rules", Description: "The rules of this werewolf game in plain words."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, Rules, error) {
			return nil, Rules{Rules: rulesText}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_status", Description: "Your name, role, whether you are alive, the phase, seconds left, and the actions you can take now (speak, divine, kill, vote)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.PlayerStatus, error) {
			r, err := c.Status(ctx, id, tok)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_game", Description: "The public state of the game: every player alive or dead, the phase, the day, past deaths and votes."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.GameInfo, error) {
			r, err := c.Game(ctx, id)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_messages", Description: "Every message you may read: the public talk, and the werewolves' chat if you are a werewolf."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.MessagesResponse, error) {
			r, err := c.Messages(ctx, id, tok)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "speak", Description: "Say something: target all in the day discussion (5 per day), or werewolf in the wolves' night chat (werewolves only)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in SpeakInput) (*mcp.CallToolResult, werewolf.SpeakResponse, error) {
			if in.Target == "" {
				in.Target = "all"
			}
			r, err := c.Speak(ctx, id, tok, in.Message, in.Target)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "divine", Description: "Fortune teller, at night: learn whether a living player is a werewolf."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Divine(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "kill", Description: "Werewolf, at night: choose the living non-werewolf to kill (you may change it until the night ends)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Kill(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "vote", Description: "In the day's vote: vote to execute another living player. One final vote."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in TargetInput) (*mcp.CallToolResult, werewolf.ActionResponse, error) {
			r, err := c.Vote(ctx, id, tok, in.TargetPlayer)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_divine_results", Description: "Fortune teller: every divine result so far."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.DivineResults, error) {
			r, err := c.DivineResults(ctx, id, tok)
			return nil, r, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "get_psychic_results", Description: "Medium: whether each executed player was a werewolf."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, werewolf.PsychicResults, error) {
			r, err := c.PsychicResults(ctx, id, tok)
			return nil, r, err
		})
	return s
}
