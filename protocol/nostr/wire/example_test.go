package wire_test

import (
	"fmt"

	"gamelab/protocol/nostr/wire"
)

func ExampleParse() {
	m, err := wire.Parse(":mahjong_m2::mahjong_m3::mahjong_m4:<:mahjong_p5::mahjong_p5::mahjong_p5:> :mahjong_m1:\n" +
		"nostr:npub1u2shf2vznlv9kmx3vfzxztge8gtpjstfwmk96u9jq2vly5m2lv4srqvgdc GET naku? ron chi")
	if err != nil {
		panic(err)
	}
	ask := m.(wire.AskNaku)
	fmt.Println(ask.Name(), ask.Hand, wire.TileString(ask.Tile), ask.Options)
	// Output: GET naku? 2m3m4m<5p5p5p> 1m [ron chi]
}

func ExampleRenderCommand() {
	server := "npub1ul9ua2mg3aw8ahpsq4cg6hj88uudhh0pw4p939kuxqly092zrlqs0558fk"
	t3, _ := wire.ParseTile("3m")
	t2, _ := wire.ParseTile("2m")
	s, _ := wire.RenderCommand(server, wire.Command{Verb: "naku?", Action: "chi", Tiles: []wire.Tile{t3, t2}})
	fmt.Println(s)
	// Output: nostr:npub1ul9ua2mg3aw8ahpsq4cg6hj88uudhh0pw4p939kuxqly092zrlqs0558fk naku? chi 2m 3m
}
