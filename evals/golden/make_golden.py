#!/usr/bin/env python3
"""Writes the golden set: one JSON file per product and a tiny PNG "photo" of it.

The products are hand-written below; the photos are flat drawings (a coloured shape on a light
background) generated here, so they are license-clean and a few hundred bytes each. Run it again
after editing the table: python3 evals/golden/make_golden.py
"""
import json, os, re, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# blocks: f = features, a = audience, h = headers, s = slogans
# (id, category, style, length, blocks, short_description, facts, keywords, must, must_not, rgb, shape)
P = [
 # apparel
 ("ru-apparel-01","apparel","standard",300,"fa","Футболка оверсайз хлопок, унисекс, цвет чёрный, разм S-XL",
  {"material":"хлопок 100%","color":"чёрный","size":"S, M, L, XL","certificates":"GOTS"},"футболка оверсайз, базовая футболка",
  ["футболк","хлоп"],["полиэстер","ISO","гарант"],(30,30,30),"shirt"),
 ("ru-apparel-02","apparel","marketing",500,"fahs","Худи на флисе с капюшоном, кенгуру карман, тёплое, для осени",
  {"material":"хлопок 80%, полиэстер 20%","color":"серый меланж"},"худи, толстовка с капюшоном",
  ["худи","капюшон"],["водонепрониц","шерст","ISO"],(150,150,150),"shirt"),
 ("ru-apparel-03","apparel","friendly",300,"f","Платье миди из льна, на пуговицах, пояс в комплекте",
  {"material":"лён","package_contents":"платье, пояс"},"льняное платье",
  ["плать","л[её]н|льн"],["шёлк","хлоп","ISO"],(220,200,160),"dress"),
 ("ru-apparel-04","apparel","storytelling",800,"fah","Пуховик женский удлинённый, наполнитель пух/перо 80/20, капюшон с мехом искусств.",
  {"composition":"пух 80%, перо 20%","color":"бежевый"},"пуховик женский, зимняя куртка",
  ["пуховик","пух"],["-30","гусин","ISO"],(200,180,140),"coat"),
 ("en-apparel-05","apparel","standard",300,"fa","Merino wool beanie, ribbed knit, one size fits most",
  {"material":"merino wool","size":"one size"},"beanie, winter hat",
  ["merino","beanie|hat"],["cashmere","waterproof","certified"],(120,40,40),"hat"),
 ("en-apparel-06","apparel","playful",500,"fhs","Rain jacket lightweight packable, hood, 2 zip pockets",
  {"material":"nylon","quantity":"2 pockets"},"rain jacket, packable jacket",
  ["jacket","hood"],["gore-tex","breathable membrane","certified"],(40,120,200),"coat"),
 # footwear
 ("ru-footwear-01","footwear","standard",300,"fa","Кроссовки беговые муж, сетка, амортизация, р-р 40-45",
  {"size":"40-45","material":"текстильная сетка"},"кроссовки для бега",
  ["кроссовк","сетк"],["кож","водонепрониц","ISO"],(230,90,40),"shoe"),
 ("ru-footwear-02","footwear","marketing",500,"fahs","Ботинки зимние натур. кожа, мех внутри, подошва ТЭП",
  {"material":"натуральная кожа","color":"коричневый"},"зимние ботинки, обувь на зиму",
  ["ботинк","кож"],["-40","гарант","ISO"],(110,70,40),"shoe"),
 ("ru-footwear-03","footwear","friendly",200,"f","Тапочки домашние войлок, лёгкие, нескользящая подошва",
  {"material":"войлок"},"домашние тапочки",
  ["тапочк","войлок"],["ортопед","ISO"],(170,170,190),"shoe"),
 ("ru-footwear-04","footwear","playful",300,"fh","Сандалии детские на липучках, разм 25-30, розовые",
  {"size":"25-30","color":"розовый"},"сандалии детские",
  ["сандали","липучк"],["кож","ортопед","ISO"],(240,150,180),"shoe"),
 ("en-footwear-05","footwear","standard",500,"fa","Leather chelsea boots, elastic side panels, rubber sole, EU 39-46",
  {"material":"genuine leather","size":"EU 39-46"},"chelsea boots",
  ["chelsea","leather"],["waterproof","handmade","certified"],(60,40,30),"shoe"),
 ("en-footwear-06","footwear","marketing",300,"fhs","Canvas sneakers white low top, cotton laces",
  {"color":"white","material":"canvas"},"white sneakers, canvas shoes",
  ["sneaker","canvas"],["leather","vegan certified"],(245,245,245),"shoe"),
 # electronics
 ("ru-electronics-01","electronics","standard",500,"fa","Наушники беспроводные TWS, BT 5.3, кейс, до 6ч работы",
  {"brand":"SoundGo","model":"Air 3","compatibility":"Android, iOS"},"беспроводные наушники, tws",
  ["наушник","SoundGo"],["ANC","водонепрониц","IPX"],(20,20,20),"round"),
 ("ru-electronics-02","electronics","marketing",800,"fahs","Павербанк 10000 мАч, сертификат EAC, 2 USB, быстрая зарядка 22,5Вт",
  {"brand":"VoltOn","weight":"210 г"},"внешний аккумулятор, повербанк",
  ["10000 мАч","VoltOn"],["20000","ISO","гарант"],(60,60,70),"box"),
 ("ru-electronics-03","electronics","friendly",300,"f","Умная лампочка Е27, wi-fi, управление с телефона, 9 Вт",
  {"brand":"Lumo","compatibility":"Алиса, Google Home"},"умная лампа, wi-fi лампочка",
  ["ламп","Lumo"],["Apple HomeKit","ISO"],(250,230,120),"round"),
 ("ru-electronics-04","electronics","standard",1200,"fahs","Клавиатура механическая, свитчи красные, подсветка RGB, раскладка рус/англ",
  {"brand":"KeyForge","model":"K87","dimensions":"360 x 135 x 38 мм"},"механическая клавиатура, игровая клавиатура",
  ["клавиатур","KeyForge"],["беспровод","ISO"],(40,40,50),"box"),
 ("en-electronics-05","electronics","standard",300,"fa","USB-C hub 7in1, HDMI 4K, 3xUSB 3.0, SD/microSD, PD 100W",
  {"brand":"Portly","compatibility":"MacBook, Windows laptops","certificates":"CE, FCC, RoHS"},"usb c hub, docking station",
  ["hub","Portly"],["Thunderbolt","ISO"],(150,150,160),"box"),
 ("en-electronics-06","electronics","playful",500,"fhs","Bluetooth speaker mini, waterproof IPX7, 12h play",
  {"brand":"Bloop","color":"teal"},"bluetooth speaker, portable speaker",
  ["speaker","Bloop"],["IPX8","certified"],(30,160,160),"round"),
 # home and kitchen
 ("ru-home-01","home_kitchen","standard",300,"fa","Кружка керамическая 350 мл, ручная работа, глазурь мор. волна",
  {"material":"керамика","dimensions":"350 мл"},"керамическая кружка, кружка ручной работы",
  ["кружк","керами[кч]"],["фарфор","ISO"],(40,140,150),"mug"),
 ("ru-home-02","home_kitchen","storytelling",800,"fah","Сковорода чугунная 26см, подходит для индукции, без ручки съемной",
  {"material":"чугун","dimensions":"26 см"},"чугунная сковорода",
  ["сковород","чугун"],["антипригар","ISO","гарант"],(50,50,50),"round"),
 ("ru-home-03","home_kitchen","friendly",500,"fas","Плед флисовый 150х200, мягкий, серый",
  {"dimensions":"150 x 200 см","material":"флис","color":"серый"},"плед, покрывало",
  ["плед","флис"],["шерст","ISO"],(160,160,170),"box"),
 ("ru-home-04","home_kitchen","marketing",300,"fh","Набор контейнеров для еды 5шт, стекло, крышки с клапаном",
  {"quantity":"5","material":"боросиликатное стекло"},"контейнеры для еды, ланчбокс",
  ["контейнер","стекл"],["пластик","ISO"],(200,220,230),"box"),
 ("ru-home-05","home_kitchen","standard",1500,"fahs","Чайник электрический 1,7л, стекло, подсветка, автоотключение",
  {"brand":"Teplo","dimensions":"1,7 л","material":"стекло, нержавеющая сталь"},"электрический чайник, стеклянный чайник",
  ["чайник","Teplo"],["2200 Вт","ISO"],(200,230,240),"mug"),
 ("en-home-06","home_kitchen","standard",300,"fa","Bamboo cutting board set of 3, juice groove",
  {"material":"bamboo","quantity":"3"},"cutting board, bamboo board",
  ["board","bamboo"],["antibacterial","certified"],(200,160,100),"box"),
 ("en-home-07","home_kitchen","storytelling",500,"fa","Scented soy candle, lavender, 200g, burn time approx 40h",
  {"weight":"200 g","composition":"soy wax"},"soy candle, scented candle",
  ["candle","lavender"],["paraffin","certified"],(190,160,220),"mug"),
 # beauty
 ("ru-beauty-01","beauty","standard",300,"fa","Крем для рук с маслом ши, 75 мл, для сухой кожи",
  {"dimensions":"75 мл","composition":"масло ши, глицерин"},"крем для рук",
  ["крем","(?<!\\p{L})ши(?!\\p{L})"],["гипоаллерг","дерматолог","ISO"],(240,230,210),"tube"),
 ("ru-beauty-02","beauty","marketing",500,"fahs","Сыворотка для лица с витамином С 30мл, осветляет тон",
  {"dimensions":"30 мл","composition":"витамин C 10%"},"сыворотка для лица, витамин с",
  ["сыворотк","витамин"],["дерматолог","гиалурон","ISO"],(250,200,120),"bottle"),
 ("ru-beauty-03","beauty","friendly",300,"fa","Шампунь для объёма, без сульфатов, 250мл",
  {"dimensions":"250 мл"},"шампунь без сульфатов",
  ["шампун","сульфат"],["органич","ISO"],(120,190,140),"bottle"),
 ("ru-beauty-04","beauty","playful",200,"fs","Бальзам для губ, вишня, 4,5 г",
  {"weight":"4,5 г"},"бальзам для губ",
  ["бальзам","вишн"],["SPF","ISO"],(200,30,60),"tube"),
 ("en-beauty-05","beauty","standard",500,"fa","Facial cleanser gel 150ml, for oily skin, fragrance free",
  {"dimensions":"150 ml"},"face wash, gel cleanser",
  ["cleanser","oily"],["dermatologist tested","certified organic"],(200,230,240),"bottle"),
 ("en-beauty-06","beauty","marketing",300,"fhs","Makeup brush set 12 pcs, synthetic bristles, with pouch",
  {"quantity":"12","package_contents":"12 brushes, pouch"},"makeup brushes",
  ["brush","synthetic"],["vegan certified","cruelty-free certified"],(230,180,190),"box"),
 # kids
 ("ru-kids-01","kids","playful",300,"fa","Конструктор деревянный 60 деталей, для детей от 3 лет",
  {"quantity":"60 деталей","material":"дерево","certificates":"EAC"},"деревянный конструктор, развивающая игрушка",
  ["конструктор","дерев"],["пластик","ISO","ГОСТ"],(220,180,120),"box"),
 ("ru-kids-02","kids","friendly",500,"fah","Рюкзак школьный ортопедич спинка, светоотражатели, 2 отделения",
  {"quantity":"2 отделения","color":"синий"},"школьный рюкзак, ранец",
  ["рюкзак","светоотраж"],["водонепрониц","ISO"],(40,80,200),"bag"),
 ("ru-kids-03","kids","standard",300,"f","Пижама детская хлопок, рост 98-104, принт звёзды",
  {"material":"хлопок","size":"98-104","certificates":"OEKO-TEX Standard 100"},"детская пижама",
  ["пижам","хлоп"],["органич","ISO"],(90,90,160),"shirt"),
 ("ru-kids-04","kids","storytelling",800,"fas","Мягкая игрушка медведь 40 см, плюш, можно стирать",
  {"dimensions":"40 см","material":"плюш"},"плюшевый медведь, мягкая игрушка",
  ["медвед","плюш"],["гипоаллерг","ISO"],(170,120,80),"round"),
 ("en-kids-05","kids","playful",300,"fhs","Kids drawing tablet LCD 10 inch, erase button, lock",
  {"dimensions":"10 inch"},"lcd writing tablet, drawing board",
  ["tablet","drawing"],["certified","educational award"],(60,180,90),"box"),
 ("en-kids-06","kids","standard",500,"fa","Baby bib set of 2, FDA food grade silicone, adjustable, food catcher pocket",
  {"quantity":"2","material":"silicone"},"silicone bib",
  ["bib","silicone"],["BPA","certified"],(240,200,120),"round"),
 # sports
 ("ru-sports-01","sports","standard",300,"fa","Коврик для йоги 6мм, TPE, нескользящий, с ремнём",
  {"dimensions":"183 x 61 см, толщина 6 мм","material":"TPE"},"коврик для йоги, фитнес коврик",
  ["коврик","TPE"],["каучук","ISO"],(120,80,180),"box"),
 ("ru-sports-02","sports","marketing",500,"fahs","Гантели разборные 2х10кг, грифы с резьбой, в кейсе",
  {"weight":"2 x 10 кг","package_contents":"2 гантели, кейс"},"гантели разборные",
  ["гантел","кейс"],["хром","ISO"],(40,40,40),"box"),
 ("ru-sports-03","sports","friendly",300,"fh","Бутылка для воды спорт 750мл, без BPA, с поильником",
  {"dimensions":"750 мл"},"бутылка для воды, спортивная бутылка",
  ["бутылк","поильник"],["термо","ISO"],(60,170,220),"bottle"),
 ("ru-sports-04","sports","storytelling",1200,"fahs","Велосипедный шлем, вентиляция 18 отверстий, регулировка размера 54-60",
  {"size":"54-60 см","quantity":"18 отверстий"},"велошлем, шлем для велосипеда",
  ["шлем","вентиляц"],["сертифиц","EN 1078","ISO"],(220,60,40),"round"),
 ("en-sports-05","sports","standard",300,"fa","Resistance bands set of 5 levels, latex, carry bag",
  {"quantity":"5","material":"latex"},"resistance bands",
  ["band","latex"],["certified","lifetime warranty"],(230,120,40),"round"),
 ("en-sports-06","sports","marketing",500,"fhs","Jump rope speed adjustable, ball bearings, 3m cable",
  {"dimensions":"3 m"},"jump rope, skipping rope",
  ["rope","bearing"],["certified","weighted"],(30,30,30),"round"),
 # food
 ("ru-food-01","food","standard",300,"fa","Мёд цветочный натуральный 500г по ГОСТ 19792-2017, Алтай",
  {"weight":"500 г","country":"Россия","certificates":"ГОСТ 19792-2017"},"мёд натуральный, алтайский мёд",
  ["м[её]д","Алтай"],["органич","ISO"],(230,170,40),"jar"),
 ("ru-food-02","food","storytelling",500,"fa","Кофе в зёрнах 1 кг, арабика 100%, средняя обжарка",
  {"weight":"1 кг","composition":"арабика 100%"},"кофе в зернах, арабика",
  ["кофе","арабик"],["робуст","органич","ISO"],(90,50,30),"bag"),
 ("ru-food-03","food","friendly",300,"f","Чай зелёный листовой с жасмином, 100 гр",
  {"weight":"100 г"},"зеленый чай, чай с жасмином",
  ["чай","жасмин"],["органич","ISO"],(120,170,80),"box"),
 ("ru-food-04","food","marketing",200,"fs","Орехи кешью жареные, 300г, без соли",
  {"weight":"300 г"},"кешью, орехи",
  ["кешью"],["органич","ISO"],(220,190,140),"jar"),
 ("en-food-05","food","standard",300,"fa","Extra virgin olive oil 500ml, cold pressed, Greece",
  {"dimensions":"500 ml","country":"Greece"},"olive oil",
  ["olive","Greece"],["organic certified","PDO"],(140,160,40),"bottle"),
 ("en-food-06","food","playful",300,"fhs","Dark chocolate 70% cocoa, 100g bar, no added milk",
  {"weight":"100 g","composition":"cocoa 70%"},"dark chocolate",
  ["chocolate","cocoa"],["vegan certified","fair trade"],(70,40,30),"box"),
 # auto
 ("ru-auto-01","auto","standard",300,"fa","Автомобильный держатель для телефона на дефлектор, магнитный",
  {"compatibility":"смартфоны до 7 дюймов"},"держатель для телефона в машину",
  ["держател","магнит"],["беспроводн","ISO"],(50,50,55),"box"),
 ("ru-auto-02","auto","marketing",500,"fahs","Компрессор автомобильный 12В, 35 л/мин, манометр, фонарь",
  {"brand":"AirPro","weight":"1,8 кг"},"автокомпрессор, насос для шин",
  ["компрессор","AirPro"],["150 PSI","ISO"],(200,40,40),"box"),
 ("ru-auto-03","auto","friendly",300,"f","Чехлы на сиденья экокожа, универсальные, комплект на весь салон",
  {"material":"экокожа","package_contents":"комплект на весь салон"},"чехлы на сиденья",
  ["чехл","экокож"],["натуральн","ISO"],(30,30,30),"box"),
 ("ru-auto-04","auto","standard",800,"fah","Видеорегистратор Full HD, угол обзора 170 град, экран 3 дюйма",
  {"brand":"RoadEye","model":"R3"},"видеорегистратор",
  ["видеорегистратор","RoadEye"],["4K","GPS","ISO"],(20,20,30),"box"),
 ("en-auto-05","auto","standard",300,"fa","Microfiber car wash towels 5 pack, 40x40cm, lint free",
  {"quantity":"5","dimensions":"40 x 40 cm"},"microfiber towel, car drying towel",
  ["microfiber","towel"],["certified","scratch-proof guarantee"],(60,120,220),"box"),
 ("en-auto-06","auto","marketing",500,"fhs","Car vacuum cleaner handheld 120W, 12V plug, HEPA filter",
  {"brand":"Dusto"},"car vacuum",
  ["vacuum","Dusto"],["cordless","certified"],(40,40,40),"box"),
 # pets
 ("ru-pets-01","pets","friendly",300,"fa","Лежанка для кошек и собак мелких пород, 50х40, съемная подушка",
  {"dimensions":"50 x 40 см"},"лежанка для кошки, лежак для собаки",
  ["лежанк","подушк"],["ортопед","ISO"],(180,140,110),"round"),
 ("ru-pets-02","pets","playful",300,"fhs","Когтеточка столбик сизаль, высота 60см",
  {"dimensions":"60 см","material":"сизаль"},"когтеточка",
  ["когтеточк","сизал"],["ISO"],(200,170,120),"box"),
 ("ru-pets-03","pets","standard",500,"fa","Корм сухой для кошек с курицей, 2 кг, для стерилизованных",
  {"weight":"2 кг","composition":"курица 30%"},"корм для кошек",
  ["корм","куриц"],["беззернов","ветеринар","ISO"],(220,120,40),"bag"),
 ("ru-pets-04","pets","marketing",300,"fh","Поводок рулетка 5м для собак до 15кг, кнопка фиксации",
  {"dimensions":"5 м","weight":"до 15 кг"},"поводок рулетка",
  ["поводок","рулетк"],["светоотраж","ISO"],(230,70,90),"round"),
 ("ru-pets-05","pets","storytelling",500,"fas","Миска двойная для собак, нерж. сталь, на подставке",
  {"material":"нержавеющая сталь","quantity":"2"},"миска для собак",
  ["миск","стал"],["керами[кч]","ISO"],(180,180,190),"round"),
 ("en-pets-06","pets","standard",300,"fa","Dog chew toy rubber bone, durable, for medium dogs",
  {"material":"natural rubber"},"dog toy, chew toy",
  ["chew","rubber"],["indestructible","vet approved"],(240,90,40),"bone"),
 # more Russian to keep the two-thirds share
 ("ru-home-08","home_kitchen","standard",500,"fah","Подушка анатомическая с эффектом памяти 60х40 см, чехол снимается",
  {"dimensions":"60 x 40 см","material":"пена с эффектом памяти"},"ортопедическая подушка",
  ["подушк","памят"],["гипоаллерг","ISO"],(240,240,250),"box"),
 ("ru-electronics-07","electronics","storytelling",300,"fa","Мышь беспроводная тихие кнопки 2,4 ГГц, АА в комплекте",
  {"brand":"Clicky","package_contents":"мышь, батарейка AA, приёмник"},"беспроводная мышь",
  ["мыш","Clicky"],["Bluetooth","ISO"],(100,100,110),"round"),
 ("ru-beauty-07","beauty","standard",300,"fa","Патчи под глаза гидрогелевые 60 шт, с коллагеном",
  {"quantity":"60","composition":"коллаген"},"патчи для глаз",
  ["патч","коллаген"],["гиалурон","ISO"],(230,200,220),"jar"),
 ("ru-apparel-07","apparel","marketing",1200,"fahs","Джинсы мужские прямые, синие, стрейч, W30-W36",
  {"composition":"хлопок 98%, эластан 2%","size":"W30-W36","color":"синий"},"джинсы мужские, прямые джинсы",
  ["джинс","хлоп"],["(?<!\\p{L})(?:л[её]н(?!\\p{L})|льн)","ISO"],(40,60,120),"shirt"),
 ("ru-sports-07","sports","standard",300,"fa","Скакалка скоростная с подшипниками, длина регулир. до 3 м",
  {"dimensions":"до 3 м"},"скакалка",
  ["скакалк","подшипник"],["утяжел","ISO"],(20,120,60),"round"),
]

def bounded(pattern):
    """An acronym or a figure (ISO, ANC, 4K, -30) must stand alone: "ANC" is inside "enhanced",
    "ISO" inside "isolated", and the eval matches case-insensitively. Letters may not touch it."""
    if re.fullmatch(r"[A-Z0-9-]{2,5}", pattern):
        return r"(?<!\p{L})" + pattern + r"(?!\p{L})"
    return pattern


def png(rgb, shape, size=48):
    bg = (246, 244, 240)
    rows = []
    c = size / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = x - c + .5, y - c + .5
            inside = {
                "round": dx*dx + dy*dy < (size*.36)**2,
                "box": abs(dx) < size*.33 and abs(dy) < size*.28,
                "mug": (abs(dx+4) < size*.24 and abs(dy) < size*.3) or (10 < dx < 17 and abs(dy) < 8 and not (12 < dx < 15 and abs(dy) < 5)),
                "bottle": (abs(dx) < 8 and -8 < dy < 20) or (abs(dx) < 4 and -18 < dy <= -8),
                "jar": abs(dx) < 14 and -12 < dy < 18 or (abs(dx) < 12 and -17 < dy <= -12),
                "tube": abs(dx) < 7 + (dy + 18) / 8 and -18 < dy < 18,
                "bag": abs(dx) < 15 and -10 < dy < 18 or (8 < abs(dx) < 11 and -18 < dy <= -10),
                "shirt": (abs(dx) < 12 and -14 < dy < 18) or (abs(dx) < 21 and -14 < dy < -4),
                "dress": abs(dx) < 6 + (dy + 16) / 2.2 and -16 < dy < 20,
                "coat": (abs(dx) < 14 and -16 < dy < 20) or (abs(dx) < 20 and -16 < dy < 8),
                "hat": dx*dx + (dy-6)**2 < 16**2 and dy < 10,
                "shoe": (-16 < dx < 18 and 4 < dy < 14) or (-16 < dx < 0 and -10 < dy <= 4),
                "bone": (abs(dx) < 13 and abs(dy) < 4) or any((dx-sx)**2 + (dy-sy)**2 < 36 for sx in (-14, 14) for sy in (-4, 4)),
            }[shape]
            row += bytes(rgb if inside else bg)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))

def main():
    os.makedirs(os.path.join(HERE, "photos"), exist_ok=True)
    for (pid, cat, style, length, blocks, desc, facts, keywords, must, must_not, rgb, shape) in P:
        photo = "photos/%s.png" % pid
        with open(os.path.join(HERE, photo), "wb") as f:
            f.write(png(rgb, shape))
        product = {
            "id": pid,
            "category": cat,
            "language": pid[:2],
            "photos": [photo],
            "request": {
                "short_description": desc,
                "style": style,
                "length": length,
                "product_facts": facts,
                "keywords": keywords,
                "features": "f" in blocks,
                "audience": "a" in blocks,
                "headers": "h" in blocks,
                "slogans": "s" in blocks,
            },
            "expect": {"facts": must, "must_not": [bounded(p) for p in must_not]},
        }
        with open(os.path.join(HERE, pid + ".json"), "w", encoding="utf-8") as f:
            json.dump(product, f, ensure_ascii=False, indent=2)
            f.write("\n")

if __name__ == "__main__":
    main()
