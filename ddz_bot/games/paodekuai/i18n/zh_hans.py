"""跑得快's words in Simplified Chinese."""

from __future__ import annotations

CATALOGUE: dict[str, str] = {
    "game_name": "跑得快",
    "game_blurb": "跑得快：三人，每人 16 张，先出完者赢；有大必压，下家报单时单张出最大。",
    # combos
    "kind_single": "单张",
    "kind_pair": "对子",
    "kind_pairs": "连对",
    "kind_straight": "顺子",
    "kind_trio_two": "三带二",
    "kind_plane": "飞机",
    "kind_four_three": "四带三",
    "kind_bomb": "炸弹",
    "kind_short": "（最后一手）",
    # buttons
    "btn_play": "出牌",
    "btn_pass": "要不起",
    "btn_hint": "提示",
    "btn_clear": "重选",
    "btn_take_back": "取消托管",
    # narration
    "say_dealt": "发牌完成：每人 {cards} 张。{name} 先出。",
    "say_dealt_three": "发牌完成：每人 {cards} 张。{name} 持 ♠3 先出，首出须带 ♠3。",
    "say_played": "{name}：{cards}（{kind}）",
    "say_passed": "{name}：要不起",
    "say_one_card": "{name} 报单！只剩一张牌。",
    "say_trick_won": "{name} 获得出牌权。",
    "say_bomb_stood": "{name} 的炸弹 {rank} 成立：每家付 {points} 分。",
    "say_timed_out": "{name} 超时，系统代出。",
    "say_auto_on": "{name} 进入托管。",
    "say_auto_off": "{name} 取消托管。",
    "say_escaped": "{name} 逃跑了：牌局结束。",
    "say_finished": "{name} 先出完，本局结束！",
    # refusals (codes of the engine's IllegalAction)
    "illegal_wrong_phase": "现在不是出牌的时候。",
    "illegal_game_over": "这一局已经结束了。",
    "illegal_not_your_turn": "还没轮到你。",
    "illegal_bad_seat": "你不在这一局里。",
    "illegal_empty_play": "请先选牌，或者要不起。",
    "illegal_not_in_hand": "你手里没有这些牌。",
    "illegal_not_a_combo": "这些牌不成牌型。",
    "illegal_does_not_beat": "管不上桌上的牌。",
    "illegal_must_lead": "你是首出，不能不出。",
    "illegal_must_beat": "有大必压：你能管上，必须出牌。",
    "illegal_must_play_three": "首出必须带 ♠3。",
    "illegal_must_play_highest": "下家报单：出单张必须出你最大的牌。",
    # typed words
    "typed_unknown": "看不懂「{text}」。请输入牌，如 34567、55579，或「{pass_word}」。",
    "typed_no_pass": "你能管上，不能不出（有大必压）：可出 {options}",
    "typed_not_your_turn": "还没轮到你出牌。",
    "typed_cards": "{cards}",
    # panels
    "panel_lead": "轮到你出牌：任意牌型。",
    "panel_follow": "轮到你：管上 {name} 的 {cards}（{kind}）。",
    "panel_must_beat": "你能管上，必须出牌。",
    "panel_cannot_beat": "你没有管得上的牌，只能要不起。",
    "panel_wait": "等待 {name} 出牌。",
    "panel_first_three": "首出必须带 ♠3。",
    "panel_next_one": "下家报单：单张只能出你最大的牌。",
    "panel_auto": "托管中：系统替你出牌。",
    "panel_hand": "你的牌（{n} 张）：{cards}",
    "panel_selected": "已选：{cards}",
    # the group's caption
    "caption_turn": "轮到 {name}",
    "caption_to_beat": "桌上：{name} 的 {cards}",
    "caption_seat": "{name}：{n} 张",
    "caption_one_card": "报单",
    "caption_auto": "托管",
    # result
    "result_winner": "{name} 先出完，赢了！",
    "result_escaped": "{name} 逃跑：付给其他两家各 {points} 分。",
    "result_cards": "剩 {n} 张：{points} 分",
    "result_one_card": "剩 1 张：不扣分",
    "result_shut": "被关（一张没出）：{n} 张 ×2 = {points} 分",
    "result_bomb": "炸弹 {rank}：{points} 分",
    "result_bombs_paid": "别家炸弹：{points} 分",
    "result_total": "合计 {points} 分",
    "result_beans": "欢乐豆 {beans}（1 分 = {coefficient} 豆，服务费 {fee}）",
    "result_points": "积分 {points}",
    "result_capped": "（按持有欢乐豆封顶）",
    # settings
    "opt_cards15": "15 张牌（45 张）",
    "opt_free_first": "首出不必带 ♠3",
    "opt_four_three": "四带三",
    "opt_on": "开",
    "opt_off": "关",
    "opt_line": "{option}：{state}",
    "opt_none": "标准规则",
    # replay
    "replay_head": "跑得快回放：{verdict}",
    "replay_late": "（超时）",
    "replay_pass": "要不起",
    # pictures
    "pic_cards_left": "剩 {n}",
    "pic_shut": "被关 ×2",
    "pic_one_card": "仅剩1张",
    "pic_pass": "要不起",
    "pic_auto": "托管",
    "pic_escaped": "逃跑",
    "pic_winner": "赢家",
    "pic_lead": "先出",
    "pic_bombs": "炸弹",
    "pic_points": "分",
    "pic_turn": "出牌中",
    "pic_result": "本局得分",
    "pic_first_three": "带♠3先出",
    "pic_game": "跑得快 · {n}张",
    "pic_cards": "{n} 张",
    "pic_beans": "豆",
    "lobby": "🏃 跑得快 · {room} · {options}\n座位：\n{seats}\n点「加入」入座。满三人自动开局；"
    "点「开始」用 AI 补满空位。",
    "panel_game": "跑得快 · {options}",
    "pitch": "跑得快：三人，先出完者赢。/newgame 跑得快",
    "rules": "跑得快（/newgame 跑得快）· {room}：每分 {coefficient} 豆，服务费 {fee}，"
    "入座至少 {min_beans} 豆。\n"
    "三人，每人 16 张（去掉大小王、三张 2 和一张 A）。首局持 ♠3 者先出，之后由上局赢家先出。"
    "跟牌要同牌型、同张数且更大，或者出炸弹；有大必压。下家报单时，出单张必须出最大的。"
    "先出完者赢，其他人每剩一张牌付 1 分（剩一张不付，一张没出过的被关加倍）；"
    "没人压过的炸弹向另外两家各收 10 分。\n"
    "限时：出牌 {play} 秒，超时由机器人代出，连续两次超时自动托管。"
    "牌局中途离开算逃跑，按被关向两家赔付。/settings 可选 15 张、首出不限 ♠3、四带三。",
}
