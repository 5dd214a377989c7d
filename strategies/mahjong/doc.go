// Package mahjong holds the lab's riichi mahjong strategies for the
// sim/mahjong engine — random, tsumogiri, minimal, efficiency (maximum
// ukeire, riichi at tenpai, yakuhai pon) and defense (efficiency plus
// betaori against riichi with genbutsu, suji and honor counts) — each
// registered with its tunable parameters, and Play, the self-play loop
// the arena runs. Strategies see only their seat's View, the fold of the
// events that seat may see. The defensive heuristics follow the common
// danger ordering of riichi-mahjong strategy writing (genbutsu < suji
// terminals < honors by visible count < non-suji middle tiles).
package mahjong
