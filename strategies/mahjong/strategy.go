package mahjong

import (
	"gamelab/sim/mahjong"
	"gamelab/strategies"
)

// Strategy chooses one of legal for the seat whose View is v (never
// empty). It may keep state between decisions of one game; Reset clears it
// between games. It must not keep v or legal after returning. It is the
// lab's one Strategy type (package strategies) for this game.
type Strategy = strategies.Strategy[mahjong.View, mahjong.Action]

// Registry holds every mahjong strategy with its parameters.
var Registry = strategies.NewRegistry[Strategy]("mahjong")

// New builds a strategy from "name?k=v&k=v" or a JSON strategy file.
func New(spec string) (Strategy, error) { return Registry.New(spec) }

func init() {
	Registry.Add("random", "uniformly random legal action", nil,
		func(strategies.Values) Strategy { return Random{} })
	Registry.Add("tsumogiri", "wins when it can, never calls or riichis, discards the drawn tile", nil,
		func(strategies.Values) Strategy { return Tsumogiri{} })
	Registry.Add("minimal", "the seed's minimal AI: tsumo/ron when possible, always declines calls, discards its first legal tile", nil,
		func(strategies.Values) Strategy { return Minimal{} })
	eff := []strategies.Param{
		{Name: "call", Default: 0.5, Min: 0, Max: 1, Help: "call aggressiveness: 0 only yakuhai pon, 1 every call that lowers shanten toward a yaku"},
		{Name: "riichi", Default: 1, Min: 0, Max: 1, Help: "probability of riichi (vs dama) when a riichi is legal"},
	}
	Registry.Add("efficiency", "maximum ukeire discards, riichi at tenpai, yakuhai pon", eff,
		func(v strategies.Values) Strategy { return &Efficiency{Call: v["call"], Riichi: v["riichi"]} })
	def := append(append([]strategies.Param(nil), eff...),
		strategies.Param{Name: "push", Default: 1, Min: -1, Max: 6, Help: "against riichi, keep pushing while shanten <= push (-1: always fold)", Kind: strategies.Int},
		strategies.Param{Name: "push_value", Default: 3, Min: 0, Max: 13, Help: "at tenpai, push only with at least this many dora+red+yakuhai (0: always push at tenpai)", Kind: strategies.Int},
	)
	Registry.Add("defense", "efficiency plus betaori against riichi (genbutsu, suji, honor counts, danger table)", def,
		func(v strategies.Values) Strategy {
			return &Defense{Efficiency: Efficiency{Call: v["call"], Riichi: v["riichi"]}, Push: v["push"], PushValue: v["push_value"]}
		})
	Registry.Add("expert", "expected-value push/fold against riichi and open hands (suji, kabe, genbutsu, visible tiles), value-checked calls, riichi or dama by value", []strategies.Param{
		{Name: "loss", Default: 1, Min: 0, Max: 20, Help: "weight of the expected deal-in loss against the expected win"},
		{Name: "open_threat", Default: 0.5, Min: 0, Max: 1, Help: "tenpai probability given to an open hand with 3+ melds (half for 2 melds showing value)"},
		{Name: "dama", Default: 3, Min: 0, Max: 13, Help: "a closed tenpai with a yaku and at least this many estimated han stays dama"},
		{Name: "silent", Default: 0, Min: 0, Max: 3, Help: "scale of the tenpai probability of seats showing no threat yet (dama, cheap open hands), growing with their turns"},
		{Name: "future", Default: 1, Min: 0, Max: 4, Help: "scale of the danger of the discards still to come when pushing (7 % a tile a shanten, 3 % at tenpai)"},
		{Name: "fold_future", Default: 0.6, Min: 0, Max: 2, Help: "share of the later danger charged to a fold (it must push again to win)"},
		{Name: "value", Default: 1, Min: 0, Max: 1, Help: "1: discards by expected value (yaku in reach, dora, wait) and hand values by the yaku estimate; 0: efficiency's discards", Kind: strategies.Int},
		{Name: "danger", Default: 1, Min: 0, Max: 1, Help: "1: refined tile danger (one-chance, flush and all-simples signals of open hands, riichi tile neighbours, dora); 0: suji/kabe/genbutsu only", Kind: strategies.Int},
		{Name: "call_ev", Default: 1, Min: 0, Max: 3, Help: "above 0: a chi or non-value pon must raise the expected value (win chance times estimated points) above call_ev times passing; 0: call_shanten rule"},
		{Name: "fold_shanten", Default: 2, Min: 1, Max: 9, Help: "against a riichi, fold at this shanten or more unless the hand is worth fold_value (9: off)", Kind: strategies.Int},
		{Name: "fold_value", Default: 8000, Min: 0, Max: 48000, Help: "estimated points from which a hand at fold_shanten still weighs pushing"},
		{Name: "open1", Default: 0, Min: 0, Max: 1, Help: "tenpai probability (reached at turn 12) of an open hand with one meld showing value (yakuhai pon, dora)"},
		{Name: "call_yaku", Default: 0, Min: 0, Max: 1, Help: "1: with call_ev, the hand estimate (flushes, toitoi too) judges a call's yaku; 0: only value honors or all simples", Kind: strategies.Int},
		{Name: "orasu", Default: 1, Min: 0, Max: 3, Help: "in the last hand, losses weigh 1+orasu for the 3rd place and 1+orasu/2 for the 2nd"},
		{Name: "hazard", Default: 0, Min: 0, Max: 0.3, Help: "above 0: the chance a turn that another seat ends the hand before any threat shows (0: 0.04)"},
		{Name: "wait", Default: 1, Min: 0, Max: 2, Help: "above 0: a ready hand's ron chance weighs its wait tiles (honors, terminals and suji traps more)"},
		{Name: "furiten", Default: 1, Min: 0, Max: 1, Help: "1: a ready hand waiting on a tile of its own river counts as winning by tsumo only and does not declare riichi", Kind: strategies.Int},
		{Name: "soft", Default: 0.3, Min: 0, Max: 1, Help: "tenpai probability (reached at turn 12) of seats showing no threat yet (open hands with value; others less) that only steers the discard choice, no fold"},
		{Name: "shape", Default: 1, Min: 0, Max: 1, Help: "1: a discard that leaves the hand one from ready is valued by the waits its draws lead to (a look-ahead of one draw); 0: by its ukeire and a typical wait", Kind: strategies.Int},
		{Name: "shape_prune", Default: 0.7, Min: 0, Max: 1, Help: "above 0: shape looks ahead only for the discards whose plain expected value reaches this share of the best one's"},
		{Name: "call_shanten", Default: 1, Min: -1, Max: 6, Help: "highest shanten after a chi or non-value pon to call with no dora (calls always need a yaku and must lower shanten)"},
	}, func(v strategies.Values) Strategy {
		return &Expert{FoldFuture: v["fold_future"], Future: v["future"], Silent: v["silent"], Loss: v["loss"], OpenThreat: v["open_threat"], Dama: v["dama"], CallShanten: v["call_shanten"], Value: v["value"], Danger: v["danger"], CallEV: v["call_ev"], FoldShanten: v["fold_shanten"], FoldValue: v["fold_value"], Open1: v["open1"], CallYaku: v["call_yaku"], Soft: v["soft"], Orasu: v["orasu"], Furiten: v["furiten"], Wait: v["wait"], Hazard: v["hazard"], Shape: v["shape"], ShapePrune: v["shape_prune"]}
	})
}
