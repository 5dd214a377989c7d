package wire

import (
	"fmt"
	"strconv"
	"strings"
)

func mention(npub string) string { return Mention + npub }

func mentions(to [4]string) string {
	return mention(to[0]) + " " + mention(to[1]) + " " + mention(to[2]) + " " + mention(to[3])
}

// Render writes m exactly as the live server writes that message's
// content (docs/rules/mahjong-wire.md, Messages). Parse(Render(m))
// returns m again.
func Render(m Message) string {
	switch m := m.(type) {
	case Status:
		return m.Text
	case Recruit:
		if m.Joined == 1 {
			return RecruitFirst
		}
		return fmt.Sprintf("%d/4 joined.", m.Joined)
	case GameStart:
		return mention(m.To) + " #gamestart NOTIFY gamestart " + Winds[m.Seat&3] + " " + mentions(m.Players)
	case KyokuStart:
		return fmt.Sprintf("%s #kyokustart NOTIFY kyokustart %s %s %d %d", mentions(m.To), Winds[m.Round&1], mention(m.Dealer), m.Honba, m.Pot)
	case Point:
		return fmt.Sprintf("%s NOTIFY point %s %c %d", mentions(m.To), mention(m.Player), m.Op, m.Points)
	case Haipai:
		return fmt.Sprintf("%s NOTIFY haipai %s %s\n%s", mention(m.Player), mention(m.Player), TilesString(m.Tiles), EmojiTiles(m.Tiles))
	case Dora:
		return mentions(m.To) + " NOTIFY dora " + TileString(m.Indicator)
	case Tsumo:
		return fmt.Sprintf("%s NOTIFY tsumo %s %d %s", mention(m.Player), mention(m.Player), m.Left, TileString(m.Tile))
	case AskSutehai:
		s := m.Hand.Emoji()
		if m.HasDrawn {
			s += " " + EmojiTiles([]Tile{m.Drawn})
		}
		return s + "\n" + mention(m.Player) + " GET sutehai?"
	case AskNaku:
		return m.Hand.Emoji() + " " + EmojiTiles([]Tile{m.Tile}) + "\n" + mention(m.Player) + " GET naku? " + strings.Join(m.Options, " ")
	case Sutehai:
		return mentions(m.To) + " NOTIFY sutehai " + mention(m.Player) + " " + TileString(m.Tile)
	case Say:
		return mentions(m.To) + " NOTIFY say " + mention(m.Player) + " " + m.Word
	case Open:
		return mentions(m.To) + " NOTIFY open " + mention(m.Player) + " " + TilesString(m.Tiles)
	case Agari:
		var b strings.Builder
		fmt.Fprintf(&b, "%s NOTIFY agari %s %d", mentions(m.To), mention(m.Player), m.Fu)
		for _, y := range m.Yaku {
			b.WriteString(" " + y.Name + "," + strconv.Itoa(y.Han))
		}
		return b.String()
	case Ryukyoku:
		return mentions(m.To) + " NOTIFY ryukyoku"
	case KyokuEnd:
		return mentions(m.To) + " NOTIFY kyokuend"
	case GameEnd:
		var b strings.Builder
		b.WriteString(mentions(m.To) + " NOTIFY gameend")
		for i := range 4 {
			fmt.Fprintf(&b, " %s %d", mention(m.Players[i]), m.Scores[i])
		}
		return b.String()
	case Ranking:
		lines := make([]string, len(m.Players))
		for i := range m.Players {
			lines[i] = fmt.Sprintf("%s %s %d", medals[min(i, 3)], mention(m.Players[i]), m.Scores[i])
		}
		return strings.Join(lines, "\n")
	case Summary:
		return m.Text
	case Reply:
		return m.Text
	}
	return ""
}
