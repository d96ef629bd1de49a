// The page's own words in the bot's three languages (decisions' labels come from the server).
export const WORDS = {
  "zh-Hans": {
    one_card: "报单", bomb: "炸弹", escaped: "逃跑", shut: "被关",
    play: "出牌", pass: "不出", hint: "提示", clear: "重选", your_turn: "轮到你了", you_lead: "你先出", take_back: "取消托管", waiting: "等待 {name}",
    everyone: "大家正在决定", lobby: "等待开局…", watching: "观战中", connecting: "连接中…",
    reconnecting: "连接断开，正在重连…", too_many_pages: "你打开的牌桌页面太多了：关掉一个，这里会自动连上。",
    too_many_connections: "你的网络连接太多了，稍后自动重试。", unauthorized: "无法确认你的身份：请从 Telegram 里打开牌桌。",
    gone: "这张牌桌已经结束。", cards_left: "{n} 张", to_beat: "要压过 {name} 的牌", lead: "{name} 出牌",
    bottom: "底牌", base: "底分 {base} × 倍数 {mult}", landlord: "地主", farmer: "农民", emperor: "皇帝",
    guard: "侍卫", rebel: "平民", auto: "托管", shown: "明牌", doubled: "加倍", hoe: "锄头", passed: "不出",
    bid_call: "叫地主", bid_decline: "不叫", bid_grab: "抢地主", bid_no_grab: "不抢", bid_1: "1分", bid_2: "2分", bid_3: "3分", bid_pass: "不叫",
    declare_open_solo: "明独保", declare_open_guard: "明保", declare_revolt: "造反", declare_grab_solo: "抢独",
    place_1: "头客", place_2: "二客", place_3: "三客", place_4: "二拉", place_5: "大拉",
    result: "结果", rate: "1 分 = {rate} 欢乐豆", rate_fee: "1 分 = {rate} 欢乐豆 · 服务费每人 {fee}", won: "赢", lost: "输", drawn: "平", beans: "欢乐豆", again: "回到群里", next_table: "去下一局", tracker: "记牌器",
    r_initial: "初始", r_doubled: "加倍", r_grab: "抢地主", r_bid: "叫分", r_bomb: "炸弹", r_soft_bomb: "软炸弹", r_wild_bomb: "癞子炸弹",
    r_rocket: "王炸", r_show: "明牌", r_spring: "春天", r_anti_spring: "反春天", r_open_guard: "明保", r_revolt: "造反",
    you_are: "你是{role}", called: "叫的牌 {face}", no_hint: "没有能压过的牌", small_joker: "小王", big_joker: "大王", tracker_sj: "小王", tracker_bj: "大王",
    phase_bidding: "叫地主", phase_doubling: "加倍", phase_landlord_show: "地主明牌", phase_dealing: "发牌",
    phase_throne: "登基", phase_declaring: "表态", phase_playing: "出牌", phase_show_start: "明牌开始",
    phase_finished: "本局结束", phase_aborted: "本局作废",
    tour_line: "比赛 #{id} · 第 {round}/{rounds} 轮 · 第 {board} 桌 · 第 {hand}/{hands} 局", tour_standings: "比赛 #{id} 排名 · 第 {round}/{rounds} 轮",
    tour_over: "比赛 #{id} 结束 · 最终排名", tour_points: "{points} 分", tour_played: "{hands} 局 {wins} 胜", tour_next_soon: "下一局马上开始…",
  },
  "zh-Hant": {
    one_card: "報單", bomb: "炸彈", escaped: "逃跑", shut: "被關",
    play: "出牌", pass: "不出", hint: "提示", clear: "重選", your_turn: "輪到你了", you_lead: "你先出", take_back: "取消託管", waiting: "等待 {name}",
    everyone: "大家正在決定", lobby: "等待開局…", watching: "觀戰中", connecting: "連線中…",
    reconnecting: "連線中斷，正在重連…", too_many_pages: "你打開的牌桌頁面太多了：關掉一個，這裡會自動連上。",
    too_many_connections: "你的網路連線太多了，稍後自動重試。", unauthorized: "無法確認你的身分：請從 Telegram 裡打開牌桌。",
    gone: "這張牌桌已經結束。", cards_left: "{n} 張", to_beat: "要壓過 {name} 的牌", lead: "{name} 出牌",
    bottom: "底牌", base: "底分 {base} × 倍數 {mult}", landlord: "地主", farmer: "農民", emperor: "皇帝",
    guard: "侍衛", rebel: "平民", auto: "託管", shown: "明牌", doubled: "加倍", hoe: "鋤頭", passed: "不出",
    bid_call: "叫地主", bid_decline: "不叫", bid_grab: "搶地主", bid_no_grab: "不搶", bid_1: "1分", bid_2: "2分", bid_3: "3分", bid_pass: "不叫",
    declare_open_solo: "明獨保", declare_open_guard: "明保", declare_revolt: "造反", declare_grab_solo: "搶獨",
    place_1: "頭客", place_2: "二客", place_3: "三客", place_4: "二拉", place_5: "大拉",
    result: "結果", rate: "1 分 = {rate} 歡樂豆", rate_fee: "1 分 = {rate} 歡樂豆 · 服務費每人 {fee}", won: "贏", lost: "輸", drawn: "平", beans: "歡樂豆", again: "回到群裡", next_table: "去下一局", tracker: "記牌器",
    r_initial: "初始", r_doubled: "加倍", r_grab: "搶地主", r_bid: "叫分", r_bomb: "炸彈", r_soft_bomb: "軟炸彈", r_wild_bomb: "癩子炸彈",
    r_rocket: "王炸", r_show: "明牌", r_spring: "春天", r_anti_spring: "反春天", r_open_guard: "明保", r_revolt: "造反",
    you_are: "你是{role}", called: "叫的牌 {face}", no_hint: "沒有能壓過的牌", small_joker: "小王", big_joker: "大王", tracker_sj: "小王", tracker_bj: "大王",
    phase_bidding: "叫地主", phase_doubling: "加倍", phase_landlord_show: "地主明牌", phase_dealing: "發牌",
    phase_throne: "登基", phase_declaring: "表態", phase_playing: "出牌", phase_show_start: "明牌開始",
    phase_finished: "本局結束", phase_aborted: "本局作廢",
    tour_line: "比賽 #{id} · 第 {round}/{rounds} 輪 · 第 {board} 桌 · 第 {hand}/{hands} 局", tour_standings: "比賽 #{id} 排名 · 第 {round}/{rounds} 輪",
    tour_over: "比賽 #{id} 結束 · 最終排名", tour_points: "{points} 分", tour_played: "{hands} 局 {wins} 勝", tour_next_soon: "下一局馬上開始…",
  },
  en: {
    one_card: "One card!", bomb: "Bomb", escaped: "Left", shut: "Shut out",
    play: "Play", pass: "Pass", hint: "Hint", clear: "Clear", your_turn: "Your turn", you_lead: "you lead", take_back: "Stop auto-play", waiting: "Waiting for {name}",
    everyone: "Everyone is deciding", lobby: "Waiting for the hand to start…", watching: "Watching",
    connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
    too_many_pages: "You have too many table pages open: close one and this one connects by itself.",
    too_many_connections: "Too many connections from your network: trying again shortly.",
    unauthorized: "Can't tell who you are: open the table from Telegram.", gone: "This table has ended.",
    cards_left: "{n} cards", "cards_left:one": "{n} card", to_beat: "Beat {name}'s play", lead: "{name} leads", bottom: "Bottom",
    base: "Base {base} × {mult}", landlord: "Landlord", farmer: "Farmer", emperor: "Emperor", guard: "Guard",
    rebel: "Rebel", auto: "Auto", shown: "Shown", doubled: "Doubled", hoe: "Hoe", passed: "Pass",
    bid_call: "Call", bid_decline: "No call", bid_grab: "Grab", bid_no_grab: "No grab", bid_1: "1 pt", bid_2: "2 pt", bid_3: "3 pt", bid_pass: "Pass",
    declare_open_solo: "Open solo", declare_open_guard: "Show guard", declare_revolt: "Revolt", declare_grab_solo: "Grab solo",
    place_1: "1st", place_2: "2nd", place_3: "3rd", place_4: "4th", place_5: "5th",
    result: "Result", rate: "1 point = {rate} beans", rate_fee: "1 point = {rate} beans · fee {fee} each", won: "won", lost: "lost", drawn: "draw", beans: "beans", again: "Back to the group", next_table: "To the next hand", tracker: "Tracker",
    r_initial: "initial", r_doubled: "doubled", r_grab: "grab", r_bid: "bid", r_bomb: "bomb", r_soft_bomb: "soft bomb", r_wild_bomb: "wild bomb",
    r_rocket: "rocket", r_show: "shown", r_spring: "spring", r_anti_spring: "anti-spring", r_open_guard: "guard shown", r_revolt: "revolt",
    you_are: "Your role: {role}", called: "Called {face}", no_hint: "Nothing beats it", small_joker: "SJ", big_joker: "BJ",
    tracker_sj: "SJ", tracker_bj: "BJ",
    phase_bidding: "Bidding", phase_doubling: "Doubling", phase_landlord_show: "Landlord may show", phase_dealing: "Dealing",
    phase_throne: "The throne", phase_declaring: "Declarations", phase_playing: "Play", phase_show_start: "Show",
    phase_finished: "The hand is over", phase_aborted: "The hand was called off",
    tour_line: "Tournament #{id} · round {round}/{rounds} · table {board} · hand {hand}/{hands}", tour_standings: "Tournament #{id} standings · round {round}/{rounds}",
    tour_over: "Tournament #{id} is over · final standings", tour_points: "{points} pts", "tour_points:one": "{points} pt",
    tour_played: "{hands} hands, {wins} won", tour_next_soon: "The next hand starts soon…",
  },
};

export function pickLang(code) {
  const c = (code || "").toLowerCase();
  if (c === "zh-hant" || c.startsWith("zh-tw") || c.startsWith("zh-hk") || c.startsWith("zh-mo")) return "zh-Hant";
  if (c.startsWith("zh")) return "zh-Hans";
  if (WORDS[code]) return code;
  return "en";
}

export function say(lang, key, values = {}) {
  const words = WORDS[lang] || WORDS.en;
  // a count of one reads with its own form where a language has one ("1 card", not "1 cards")
  const counts = Object.values(values).filter((v) => Number.isInteger(v));
  const one = counts.length === 1 && Math.abs(counts[0]) === 1 && words[key + ":one"] !== undefined;
  const text = (one ? words[key + ":one"] : undefined) ?? words[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
