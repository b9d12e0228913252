"""Vocabulary and sentence templates for the sample portal's game-guide articles.

All text here is written for this project (no text is taken from a real site). It is
Traditional Chinese; Simplified articles are converted with OpenCC ``t2s`` after
generation. Articles are assembled from many short templates whose slots are filled per
sentence, so two articles share at most a few sentence shapes and never whole paragraphs.
"""

from __future__ import annotations

import random
import re

GAMES = [
    "星穹遠征", "幻域神諭", "鋼鐵黎明", "蒼藍誓約", "雲海仙途", "深淵獵手", "王座紛爭",
    "機甲風暴", "月影傳說", "荒原求生錄", "天命三國志", "龍魂覺醒", "極光戰線", "魔導學院",
    "末日方舟", "劍與遠方之歌", "九州奇譚", "霓虹都市", "失落神殿", "潮汐之境", "赤焰戰旗",
    "靈境行者", "永夜迷城", "風暴英雄錄",
]

HEROES = [
    "凌霄", "艾琳", "白夜", "赤狐", "雷恩", "露娜", "影刃", "沐晴", "格羅姆", "諾瓦",
    "亞瑟", "菲歐", "夜雨", "索爾", "青禾", "卡爾", "風行者", "米婭", "洛克", "瑪格",
    "小九", "墨塵", "賽琳", "古樹守衛", "蘇璃", "鐵心", "燭龍", "雪鴞", "銀狼", "鶴歸",
    "緋櫻", "玄武", "阿修", "朝顏", "北辰", "寒鴉",
]

ITEMS = [
    "破曉之刃", "星辰法杖", "龍鱗護甲", "疾風長靴", "吸血鬼之牙", "賢者之石", "幽冥戒指",
    "聖光徽章", "雷霆之錘", "寒冰護符", "狂暴之心", "月光項鍊", "烈焰披風", "守護者之盾",
    "深淵魔典", "迅捷手套", "碎星長弓", "流雲法袍", "荊棘胸甲", "時光沙漏", "鳳羽頭冠",
    "蝕骨匕首", "天啟聖書", "暴君戰斧",
]

BOSSES = [
    "熔岩巨獸", "深海魔王", "虛空領主", "墮落天使", "骷髏國王", "雷霆巨龍", "冰原霸主",
    "機械核心", "蛛后", "暗影雙子", "血月伯爵", "石像守門人", "沙暴之王", "毒沼女巫",
    "九頭蛇", "鐵甲將軍",
]

MAPS = [
    "迷霧森林", "熔火之心", "天空之城", "沉沒神殿", "永凍荒原", "廢棄礦坑", "黃昏古城",
    "星界裂隙", "龍骨峽谷", "幽暗地宮", "風暴海岸", "無盡迴廊", "翡翠沼澤", "落日沙丘",
    "鏡湖秘境", "灰燼要塞",
]

SKILLS = [
    "終結技", "大招", "被動技能", "連擊技", "閃避反擊", "護盾技能", "群體治療", "控場技",
    "位移技能", "爆發技能", "召喚技能", "蓄力重擊", "元素爆發", "反擊架勢",
]

STATS = [
    "暴擊率", "暴擊傷害", "攻擊速度", "冷卻縮減", "生命值", "防禦力", "元素精通", "命中",
    "閃避", "移動速度", "充能效率", "穿透",
]

MODES = [
    "天梯排位", "公會戰", "深淵模式", "競技場", "團隊副本", "無盡試煉", "限時活動",
    "跨服戰場", "劇情模式", "生存挑戰",
]

ROLES = ["坦克", "輸出", "治療", "輔助", "刺客", "控場"]

RESOURCES = [
    "金幣", "鑽石", "體力", "強化石", "抽卡券", "經驗藥水", "公會貢獻", "突破材料",
    "星塵", "技能書",
]

AUTHORS = [
    "{site}網", "小編阿凱", "遊戲老司機", "攻略組月半", "資深玩家老周", "夜貓子", "鹹魚君",
    "數據控小林", "阿怪", "一隻菜鳥", "非酋本酋", "肝帝小陳", "{site}編輯部",
]

# Title shapes, from plain guide titles to content-farm bait.
TITLES = [
    "{g}{v}版本{h}最強配裝推薦，看完少走半年彎路",
    "驚呆了！{g}{b}竟然可以這樣打，{n}分鐘輕鬆通關",
    "{g}新手入門全攻略：從零開始到{lv}級的{n}個關鍵",
    "{g}{m}全收集路線整理，隱藏寶箱位置一次看懂",
    "{g}{v}版本更新解讀：{h}加強、{h2}削弱，環境要變天了？",
    "{g}{mode}上分指南：{role}位{h}的進階思路",
    "{g}{res}怎麼賺最快？實測{n}種方法效率對比",
    "{g}{h}與{h2}誰更值得培養？全面對比分析",
    "真相竟如此！{g}{i}的隱藏屬性終於被玩家發現",
    "{g}陣容搭配推薦：{h}核心隊伍從開荒到畢業",
    "{g}{b}機制詳解，{role}必看的走位技巧",
    "{g}零氪玩家的{res}規劃：{n}個月攢出{h}",
    "{g}{s}到底怎麼用？{n}個實戰細節告訴你",
    "老玩家的心裡話：{g}{mode}這些錯誤千萬別再犯",
    "{g}{v}前瞻：新角色{h}技能曝光，{i}或成版本答案",
    "{g}{m}副本速刷攻略，{t}分鐘一輪穩定掉落{i}",
    "{g}{h}深度評測：{st}流和{st2}流哪個更強",
    "一文看懂{g}{v}版本改動，{n}個變化影響最大",
    "{g}{mode}冷知識：{n}個連老玩家都不知道的技巧",
    "{g}{b}低配打法，{role}不夠也能過",
]

CATEGORIES = {
    "guide": "攻略心得",
    "patch": "版本資訊",
    "pvp": "競技對戰",
}

TITLE_CATEGORY = {
    0: "guide", 1: "guide", 2: "guide", 3: "guide", 4: "patch", 5: "pvp", 6: "guide",
    7: "guide", 8: "patch", 9: "guide", 10: "guide", 11: "guide", 12: "guide", 13: "pvp",
    14: "patch", 15: "guide", 16: "guide", 17: "patch", 18: "pvp", 19: "guide",
}

INTRO = [
    "最近不少玩家在後台留言，問{g}裡的{h}到底該怎麼玩。",
    "{g}{v}版本上線已經{n}週了，{mode}的環境變化非常明顯。",
    "說到{g}，很多人第一反應就是{m}難度太高、{b}太難打。",
    "本文整理了筆者在{g}中{k}個小時的實戰心得，希望能幫到剛入坑的朋友。",
    "如果你也卡在{lv}級上不去，那這篇攻略一定要看完。",
    "作為一名從公測玩到現在的老玩家，我見過太多人在{res}上走彎路。",
    "這段時間{g}的討論區幾乎被{h}刷屏了，有人說它是版本之子，也有人說它被高估了。",
    "很多新人剛接觸{g}時都會問同一個問題：{res}應該優先花在哪裡？",
    "今天不聊劇情，只聊乾貨，帶大家拆解{g}中最容易被忽視的{n}個細節。",
    "在{g}的玩家圈子裡，一直流傳著一句話：會打{b}的人不一定會打{mode}。",
    "上週{g}公布了{v}版本的更新內容，論壇裡吵得不可開交。",
    "筆者的{h}剛剛練到{lv}級，趁著記憶還新鮮，把養成過程整理成這篇文章。",
]

SECTIONS = {
    "mechanics": ("機制解析", [
        "{h}的{s}在釋放後有約{d}秒的後搖，這段時間最容易被對手抓住破綻。",
        "{st}達到{p}%之後收益會明顯遞減，建議把多餘的詞條轉向{st2}。",
        "很多人不知道，{s}其實可以在落地前取消，這樣能多打出一段傷害。",
        "遊戲內的傷害公式大致是攻擊力乘以技能倍率，再受{st}和{st2}的共同影響。",
        "{s}的冷卻時間是{k}秒，配合{i}可以壓縮到{n}秒左右。",
        "連招順序推薦先用{s}起手，接普攻三段，再用{s2}收尾。",
        "需要特別注意的是，{h}在{mode}中受到的治療效果會降低{p}%。",
        "按住技能鍵可以進入蓄力狀態，蓄滿後傷害提升約{p}%，但移動速度會下降。",
        "地形對戰鬥的影響往往被低估，在{m}的狹窄通道裡，範圍技能的收益會翻倍。",
        "仇恨機制方面，{role}的嘲諷持續{n}秒，期間其他隊友可以放心開{s}。",
        "官方在公告中確認，{st}的計算方式已改為乘法疊加，舊的配裝思路需要調整。",
        "{h}的普攻第四段自帶霸體，可以硬吃{b}的小技能。",
        "空中狀態下釋放{s}會變成下劈版本，判定範圍更大但傷害略低。",
        "{st}和{st2}之間存在隱藏的轉換比例，大約每{k}點換算成1%。",
    ]),
    "build": ("配裝推薦", [
        "武器方面首選{i}，如果還沒拿到，可以暫時用{i2}過渡。",
        "副詞條優先順序為{st}＞{st2}＞{st3}，其餘屬性基本可以忽略。",
        "{i}的套裝效果在觸發{s}時額外提供{p}%的增傷，和{h}的機制完美契合。",
        "不要盲目追求{i}，在{lv}級之前把{res}投入到技能升級上更划算。",
        "飾品推薦{i}搭配{i2}，能同時兼顧生存和輸出。",
        "實測下來，堆滿{st}的{h}在{mode}裡的表現反而不如均衡配裝。",
        "強化到+{k}以後失敗率明顯上升，記得提前準備保護卷軸。",
        "如果是零氪玩家，{i}可以通過{m}的寶箱免費兌換，性價比極高。",
        "技能加點建議主升{s}，副升{s2}，被動技能有空再補。",
        "換裝的時機很重要，打{b}時可以臨時把{i}換成{i2}來提高{st}。",
        "{i}的精煉等級比稀有度更重要，三精的紫裝往往打得過零精的金裝。",
        "套裝湊不齊的時候，二加二的散件搭配也能發揮八成效果。",
        "{h}對{st}的需求很低，把資源挪給{st2}會更有感。",
    ]),
    "team": ("陣容搭配", [
        "比較穩定的陣容是{h}搭配{h2}，再補一個{role}位就能應付大部分內容。",
        "{h2}的增益效果能讓{h}的{s}傷害再提高{p}%，這是目前最強的雙人組合之一。",
        "如果缺少{role}，可以用{h2}頂替，只是容錯率會低一些。",
        "隊伍裡最好只保留一個主{role}，否則資源分配會非常吃緊。",
        "元素反應是陣容搭配的核心，{h}的火屬性和{h2}的冰屬性可以觸發融化。",
        "公會裡的大佬普遍採用雙{role}陣容，開荒速度比傳統配置快{n}成。",
        "{h}的站位應該在隊伍後方，避免被{b}的範圍攻擊波及。",
        "在{mode}中，對面出現{h2}時記得把{h}換下，否則會被完全克制。",
        "{h}和{h2}同時上場會觸發羈絆，全隊{st}額外提升{p}%。",
        "前期資源有限，可以先練{h2}過渡，等{h}到手再轉型。",
        "{role}位的人選其實很靈活，只要能穩定提供{s}就行。",
    ]),
    "boss": ("首領打法", [
        "{b}在血量降到{p}%時會進入狂暴狀態，攻擊頻率明顯加快。",
        "第一階段主要是躲避地面的紅圈，{b}每隔{k}秒會召喚一次小怪。",
        "{b}的弱點在背部，繞後輸出可以造成{n}倍傷害。",
        "轉階段時全員要集中到{m}的中央平台，否則會被即死技能秒殺。",
        "打{b}最常見的錯誤就是貪刀，看到抬手動作一定要先閃避。",
        "{b}釋放全屏技能前會有明顯的蓄力光效，這時候正是開{s}的好時機。",
        "推薦至少帶兩瓶恢復藥，{b}的持續傷害非常磨人。",
        "如果隊伍輸出不夠，可以讓{role}拉住{b}繞圈，拖到技能冷卻好再集中爆發。",
        "困難模式下的{b}會多出一個護盾機制，需要先用{s}破盾。",
        "通關{b}後別急著離開，地圖角落有一個隱藏寶箱，裡面有機率開出{i}。",
        "{b}的第二階段會隨機點名一名隊員，被點到的人要立刻跑向場地邊緣。",
        "單刷{b}的話，{h}配{i}是容錯率最高的選擇，練度夠了{t}分鐘就能解決。",
    ]),
    "farming": ("資源刷取", [
        "{m}是目前刷{res}效率最高的地方，一輪大約{t}分鐘。",
        "每天的體力建議優先用在{m}，掉落的{res}是後期的硬通貨。",
        "實測{k}次的掉落數據顯示，{i}的爆率大約在{p}%左右。",
        "刷圖時開啟自動戰鬥會損失大約兩成收益，有時間還是建議手操。",
        "週末的雙倍活動一定不要錯過，{res}的產出直接翻倍。",
        "{m}的精英怪刷新時間是{t}分鐘，可以和{m2}的路線串在一起刷。",
        "商店每週刷新一次，{i}的碎片優先兌換，其他材料可以等打折。",
        "老玩家帶新人刷{m}的收益最高，獎勵會按照傷害比例分配。",
        "{m}入口附近的採集點每{t}分鐘刷新，順路帶走能省下不少{res}。",
        "掛機收益在{lv}級後會有一次提升，這時候再考慮通宵掛機比較划算。",
        "組隊刷{m}時，隊伍裡有{role}能讓每輪時間縮短將近一半。",
    ]),
    "patch": ("版本改動", [
        "{v}版本最大的改動是{h}的{s}倍率從{p}%上調到了{p2}%。",
        "官方這次削弱了{i}的被動效果，之前依賴它的配裝都要重新考慮。",
        "新地圖{m}將在{v}版本開放，屆時等級上限也會提高到{lv}級。",
        "本次更新修復了{b}卡牆的問題，之前的逃課打法已經失效。",
        "{mode}的匹配機制也做了調整，現在會優先匹配段位相近的玩家。",
        "從改動方向來看，策劃明顯想壓制{role}過強的現狀。",
        "{v}版本新增的{i}看似數值平平，但和{h2}的聯動效果相當驚人。",
        "更新後{res}的獲取途徑增加了{n}個，零氪玩家的日子會好過不少。",
        "很多玩家擔心{h}會因此退環境，但從測試服的數據來看影響不大。",
        "這次的平衡性調整涉及{k}個角色，其中變化最大的是{h}和{h2}。",
        "{b}新增了一個狂暴計時，{t}分鐘內打不完就會直接團滅。",
        "{mode}的獎勵結構也改了，前{n}名可以額外領到{res}。",
    ]),
    "pvp": ("對戰技巧", [
        "{mode}開局的前{n}十秒最關鍵，搶到視野就等於贏了一半。",
        "面對{h2}這類高機動角色，保留{s}用來反制比直接交出去更穩。",
        "段位越高，對手越懂得卡技能冷卻，這時候{st}的價值就體現出來了。",
        "{mode}裡不建議帶純輸出裝，{i}提供的生存能力更實用。",
        "對線期被壓制時不要硬拼，先發育到{lv}級再找機會。",
        "高分段的主流打法是雙{role}保一核，{h}是最常見的核心選擇。",
        "團戰時先集火對面的{role}，沒有了續航，對手很快就會崩盤。",
        "很多人輸在心態而不是操作，連敗{n}局以上建議先休息一下。",
        "{h}的{s}可以打斷對手的回城，關鍵時刻能直接改變戰局。",
        "天梯後期對手的配裝高度同質化，針對{st}堆一件{i}往往有奇效。",
        "記得看對手的出裝順序，先出{i}的通常是打前期節奏的玩家。",
    ]),
    "economy": ("資源規劃", [
        "{res}的性價比排序大致是：角色突破＞技能升級＞裝備強化。",
        "月卡是最划算的氪金方式，平均每天只要幾塊錢就能多拿{k}個{res}。",
        "抽卡方面，{h}所在的卡池保底是{k}抽，沒把握的話建議攢夠再抽。",
        "交易行裡{i}的價格最近漲了{p}%，有存貨的玩家可以考慮出手。",
        "不要把{res}浪費在過渡裝備上，等到{lv}級以後一次性投入收益更高。",
        "每週的公會商店記得清空，{res}的兌換比例比普通商店高出一截。",
        "{res}每天的上限是{k}個，超出部分會自動轉成{res2}。",
        "新版本前一週是囤{res}的最佳時機，很多活動會在更新後集中開放。",
        "{res2}看似不起眼，後期卻是突破材料的主要來源，千萬別隨手賣掉。",
    ]),
    "mistakes": ("常見誤區", [
        "新手最常犯的錯誤是把所有{res}都砸在一個角色身上。",
        "不要忽略{st}，很多人輸出上不去就是因為這個屬性太低。",
        "{m}的支線任務看起來無聊，卻是前期{res}最穩定的來源。",
        "技能升級不必追求平均，先把{s}點滿再說。",
        "看到別人推薦{h}就跟風培養，結果發現自己根本沒有配套的{i}。",
        "很多人習慣關掉傷害數字顯示，但這樣很難判斷配裝是否合理。",
        "跳過新手教學的玩家，往往到{lv}級才發現{s}還有第二段效果。",
        "不看{b}的技能說明就硬打，往往是翻車的開始。",
        "盲目跟風網上的{mode}陣容，卻忽略了自己角色的練度差距。",
    ]),
}

CATEGORY_SECTIONS = {
    "guide": ["mechanics", "build", "team", "boss", "farming", "economy", "mistakes"],
    "patch": ["patch", "patch", "mechanics", "build", "team", "economy"],
    "pvp": ["pvp", "pvp", "mechanics", "build", "team", "mistakes"],
}

CONNECTORS = [
    "", "", "", "", "此外，", "值得一提的是，", "需要注意的是，", "另外，", "實際上，",
    "從實測來看，", "換句話說，", "說白了，", "簡單來說，", "順帶一提，",
]

CONCLUSION = [
    "總的來說，{h}在當前版本依然是非常值得培養的角色。",
    "以上就是本期{g}攻略的全部內容，如果有不同看法歡迎在評論區交流。",
    "遊戲終究是為了開心，找到適合自己的節奏比盲目追求排名更重要。",
    "希望這篇整理能幫你少走一些彎路，我們下個版本再見。",
    "攻略只是參考，實際打法還要根據自己的練度靈活調整。",
    "後續如果{v}版本有新的改動，筆者也會第一時間更新這篇文章。",
    "最後提醒一句：{res}要省著用，版本之子年年有，存貨才是硬道理。",
    "覺得有用的話不妨收藏本文，下次打{b}之前再翻出來看看。",
]

REPOST_INTROS = [
    "編者按：這篇關於{g}的攻略在玩家群裡流傳很廣，我們整理後分享給大家。",
    "導讀：最近{g}的熱度居高不下，下面這篇文章或許能解答你的疑問。",
    "小編推薦：{g}玩家必看，建議先收藏再慢慢閱讀。",
]

REPOSTED_LINE = "本文轉載自網絡，如有侵權請聯繫刪除。"

NUMERALS = "一二三四五六七八九"

AD_TEXTS = [
    "新服今日開啟，登入即送十連抽，限時領取中",
    "手遊加速器首月免費，告別延遲卡頓",
    "電競耳機限時特價，低至五折",
]

# Pinyin (tone marks) of characters a content farm would annotate: mostly characters
# whose Traditional and Simplified forms differ, as on the real page.
PINYIN_T = dict(pair.split(":") for pair in """
當:dāng 發:fā 時:shí 內:nèi 創:chuàng 網:wǎng 開:kāi 關:guān 這:zhè 個:gè 們:men 說:shuō
來:lái 對:duì 會:huì 從:cóng 動:dòng 實:shí 現:xiàn 點:diǎn 戰:zhàn 鬥:dòu 術:shù 陣:zhèn
裝:zhuāng 備:bèi 選:xuǎn 擇:zé 傷:shāng 擊:jī 與:yǔ 級:jí 經:jīng 驗:yàn 獎:jiǎng 勵:lì
務:wù 隊:duì 員:yuán 體:tǐ 屬:shǔ 養:yǎng 線:xiàn 機:jī 遊:yóu 戲:xì 節:jié 優:yōu
勢:shì 質:zhì 資:zī 價:jià 輸:shū 劍:jiàn 數:shù 據:jù 間:jiān 後:hòu 過:guò 讓:ràng
變:biàn 樣:yàng 話:huà 題:tí 試:shì 頁:yè 區:qū 圖:tú 團:tuán 頭:tóu 門:mén 問:wèn
專:zhuān 業:yè 極:jí 場:chǎng 聲:shēng 進:jìn 運:yùn 達:dá 邊:biān 階:jiē 獲:huò
鍵:jiàn 靈:líng 歡:huān 觀:guān 風:fēng 無:wú 師:shī 輕:qīng 總:zǒng 結:jié 論:lùn
細:xì 環:huán 寶:bǎo 龍:lóng 義:yì 書:shū 記:jì 號:hào 麼:me 買:mǎi 賣:mài 較:jiào
閃:shǎn 續:xù 護:hù 電:diàn 雙:shuāng
""".split())


class _Slots(dict):
    """Slot values for one sentence: a slot is drawn on first use, then stays fixed."""

    __slots__ = ("rng", "focus", "pools")

    def __init__(self, rng: random.Random, focus: dict, pools: dict):
        super().__init__()
        self.rng = rng
        self.focus = focus
        self.pools = pools

    def __missing__(self, key):
        # rng.random() rather than randrange/randint: same determinism, a third of the cost
        rnd = self.rng.random
        if key in self.focus and (key in ("g", "v") or rnd() < 0.6):
            value = self.focus[key]
        elif key in self.pools:
            pool = self.pools[key]
            value = pool[int(rnd() * len(pool))]
            # keep h/h2, i/i2, ... distinct within a sentence
            base = key.rstrip("23")
            if base != key and value == self.get(base):
                value = pool[(pool.index(value) + 1) % len(pool)]
            if key == base + "3" and value == self.get(base + "2"):
                value = pool[(pool.index(value) + 1) % len(pool)]
        elif key in _NUMBERS:
            low, count = _NUMBERS[key]
            value = str(low + int(rnd() * count))
        elif key == "lv":
            value = str((2 + int(rnd() * 8)) * 10)
        elif key == "d":
            value = f"{(2 + int(rnd() * 14)) / 10:.1f}"
        elif key == "v":
            value = f"{1 + int(rnd() * 4)}.{int(rnd() * 10)}"
        else:
            raise KeyError(key)
        self[key] = value
        return value


# slot: (lowest value, how many values)
_NUMBERS = {"n": (2, 8), "k": (10, 90), "p": (5, 91), "p2": (100, 81), "t": (3, 28)}

_POOLS = {
    "g": GAMES, "h": HEROES, "h2": HEROES, "i": ITEMS, "i2": ITEMS, "b": BOSSES,
    "m": MAPS, "m2": MAPS, "s": SKILLS, "s2": SKILLS, "st": STATS, "st2": STATS,
    "st3": STATS, "mode": MODES, "role": ROLES, "res": RESOURCES, "res2": RESOURCES,
}


# Interchangeable wordings: every template occurrence is drawn afresh, so two articles
# that happen to use the same template still word it differently.
VARIANTS = {
    "建議": ("建議", "最好"), "很多人": ("很多人", "不少人", "許多玩家"), "非常": ("非常", "相當", "十分"),
    "一定要": ("一定要", "務必", "千萬要"), "目前": ("目前", "現階段", "當前"),
    "實測": ("實測", "親測"), "大約": ("大約", "大概", "約莫"), "可以": ("可以", "能夠", "可"),
    "記得": ("記得", "別忘了"), "其實": ("其實", "事實上"), "之後": ("之後", "以後"),
    "需要": ("需要", "得"), "打法": ("打法", "玩法"), "比較": ("比較", "相對"),
    "基本": ("基本", "大體上"), "通關": ("通關", "過關"), "提高": ("提高", "提升"),
    "提升": ("提升", "提高"), "收益": ("收益", "回報"), "最常見": ("最常見", "最普遍"),
    "推薦": ("推薦", "首推"), "很多": ("很多", "不少"),
}

TAILS = [
    "，這點在高難度下尤其明顯", "，親測有效", "，這是踩過不少坑才總結出來的", "，萌新務必留意",
    "，老玩家應該深有體會", "，具體數值以遊戲內為準", "，至少在目前版本是這樣", "，這一點經常被忽略",
    "，評論區也有不少人驗證過", "，手殘黨也能輕鬆上手", "，這個細節值得反覆琢磨",
    "，當然前提是練度足夠", "，身邊好幾個朋友都是這麼玩的", "，官方至今沒有正式說明",
]

_VARIANT_RE = re.compile("|".join(sorted(map(re.escape, VARIANTS), key=len, reverse=True)))


def _compile(template: str):
    """Split a template at its variant words: (literal, choices, literal, choices, ..., literal)."""
    parts, at = [], 0
    for m in _VARIANT_RE.finditer(template):
        parts.append(template[at:m.start()])
        parts.append(VARIANTS[m.group(0)])
        at = m.end()
    parts.append(template[at:])
    return tuple(parts)


_COMPILED: dict[str, tuple] = {}


def fill(template: str, rng: random.Random, focus: dict, pools: dict | None = None) -> str:
    """The template with its slots filled (``pools``: the word lists, Chinese by default)."""
    parts = _COMPILED.get(template)
    if parts is None:
        parts = _COMPILED[template] = _compile(template)
    rnd = rng.random
    if len(parts) > 1:
        chosen = []
        for i, part in enumerate(parts):
            chosen.append(part if i % 2 == 0 else part[int(rnd() * len(part))])
        template = "".join(chosen)
    text = template.format_map(_Slots(rng, focus, _POOLS if pools is None else pools))
    if text.endswith("。") and rnd() < 0.2:
        tail = TAILS[int(rnd() * len(TAILS))]
        used = focus.setdefault("_tails", set())  # each aside at most once per article
        if tail not in used:
            used.add(tail)
            text = text[:-1] + tail + "。"
    return text


def make_focus(rng: random.Random) -> dict:
    """The entities one article keeps coming back to."""
    return {
        "g": rng.choice(GAMES),
        "v": f"{rng.randint(1, 4)}.{rng.randint(0, 9)}",
        "h": rng.choice(HEROES),
        "b": rng.choice(BOSSES),
        "m": rng.choice(MAPS),
        "i": rng.choice(ITEMS),
        "mode": rng.choice(MODES),
    }


def make_title(rng: random.Random, focus: dict) -> tuple[str, str]:
    """(title, category)."""
    index = rng.randrange(len(TITLES))
    return fill(TITLES[index], rng, focus), TITLE_CATEGORY[index]


def make_paragraphs(rng: random.Random, focus: dict, category: str, min_paragraphs: int) -> list[str]:
    """Body paragraphs: an intro, several themed sections (some under a numbered heading), a conclusion."""
    paragraphs = ["".join(fill(t, rng, focus) for t in rng.sample(INTRO, rng.randint(2, 3)))]
    names = list(dict.fromkeys(rng.sample(CATEGORY_SECTIONS[category], k=len(CATEGORY_SECTIONS[category]))))
    headings = rng.random() < 0.5
    section_no = 0
    for name in names:
        heading, pool = SECTIONS[name]
        if section_no >= 3 and len(paragraphs) >= min_paragraphs and rng.random() < 0.4:
            break
        if headings:
            paragraphs.append(f"{NUMERALS[section_no]}、{heading}")
        section_no += 1
        templates = rng.sample(pool, min(len(pool), rng.randint(3, 7)))
        split = rng.randint(1, len(templates) - 1) if len(templates) > 3 and rng.random() < 0.5 else len(templates)
        for chunk in (templates[:split], templates[split:]):
            if chunk:
                used, sentences = set(), []
                for template in chunk:
                    connector = CONNECTORS[int(rng.random() * len(CONNECTORS))]
                    if connector in used:
                        connector = ""  # no paragraph says 另外 twice
                    used.add(connector)
                    sentences.append(connector + fill(template, rng, focus))
                paragraphs.append("".join(sentences))
    paragraphs.append("".join(fill(t, rng, focus) for t in rng.sample(CONCLUSION, rng.randint(1, 2))))
    return paragraphs
