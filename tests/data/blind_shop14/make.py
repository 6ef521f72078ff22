#!/usr/bin/env python3
"""blind_shop14: hand-labelled support replies from one Nordic shop, written blind.

Every row is written by hand in rows_1.py ... rows_6.py as
R(msgs, reply, facts, label, kind, why, lang, tag).
`msgs` is one user message (a string) or a list of strings that alternate
user / assistant / user ...; it always ends with a user message.
`lang` and `tag` are used only for the printed counts and `--map`.

Run `python3 make.py` in this folder: it checks every record against the
shop's fee and date rules, shuffles the rows with random.Random(14), numbers
them b14-001 ..., writes replies.jsonl and prints the counts.
"""
import collections
import datetime as dt
import json
import os
import random
import re
import sys

sys.dont_write_bytecode = True

SHOP = "Kvarnhuset Kaffe & Kök (Stockholm)"

SYSTEM = """Du är kundtjänstagent för Kvarnhuset Kaffe & Kök AB, en nätbutik i Stockholm (lager i Västberga; ingen butik och ingen avhämtning på lagret) som säljer kaffemaskiner, kvarnar, kaffebönor och köksapparater. Vi levererar till Sverige, Norge, Danmark och Finland. Svara alltid på kundens språk (svenska, norska bokmål, danska, finska eller engelska). Använd bara uppgifter ur orderposten, policyn nedan och det som redan sagts i samtalet; hitta inte på något. Finns ingen orderpost, be om ordernumret.

Idag: måndag 2026-12-07.

FORMAT
- Ordernummer: KH- och sex siffror (KH-481307).
- Datum: ÅÅÅÅ-MM-DD (2026-12-07). betaldatum har klockslag i svensk tid (2026-12-04 15:20).
- Belopp: svenska kronor, t.ex. 4 290,00 kr. Alla priser och avgifter är i SEK, även vid leverans till Norge, Danmark och Finland; kortutgivaren eller Klarna räknar om. Vi har inga fasta priser i NOK, DKK eller EUR.
- Spårningsnummer: PostNord två bokstäver + nio siffror + SE (UD481307215SE); Budbee BB + åtta siffror (BB40718822); Bring 17 siffror som börjar på 7043; GLS 11 siffror; Posti JJFI + 17 siffror.

ORDERPOSTENS FÄLT (fält som inte gäller saknas)
ordernummer, kund, land, status, orderdatum, betaldatum, betalsätt, skickad, fraktsätt, spårningsnummer, leveransadress (endast Budbee), utlämningsställe, beräknad_leverans, ankom_utlämningsställe, hämtas_senast, levererad (vid utlämningsställe: dagen kunden hämtade), artiklar, varuvärde, frakt, totalt (= varuvärde + frakt), retur_mottagen, återbetalat_belopp, återbetalat_datum, eskalering (ja/nej), anteckning.

STATUS
väntar på betalning, betald, plockas, skickad, redo att hämta, levererad, retur mottagen, återbetald, avbruten.

FRAKT (avgift per order; gratis när varuvärdet når gränsen; leveranstiden räknas i arbetsdagar efter avsändningsdagen)
- Sverige, PostNord ombud: 49 kr, fri frakt från 699 kr, 1 arbetsdag.
- Sverige, Budbee hemleverans (endast Stockholms-, Göteborgs- och Malmöområdet; levereras kvällstid 17–22): 79 kr, fri frakt från 1 500 kr, 1 arbetsdag.
- Norge, Bring hentested: 149 kr, fri frakt från 1 500 kr, 3 arbetsdagar. Ingen hemleverans i Norge. Norsk moms tas ut i kassan (VOEC); inget att betala vid leverans.
- Danmark, GLS PakkeShop: 99 kr, fri frakt från 1 000 kr, 2 arbetsdagar.
- Finland, Posti noutopiste (utlämningsställe eller paketautomat): 99 kr, fri frakt från 1 000 kr, 3 arbetsdagar.
- Vi använder inte DHL, UPS, Instabox, Helthjem, Matkahuolto eller Dao. Ingen leverans till Åland, Svalbard, Färöarna, Grönland eller andra länder.
- Paket på utlämningsställe ligger kvar 7 kalenderdagar räknat från ankomstdagen (hämtas_senast = ankom_utlämningsställe + 7 dagar); ej uthämtade paket går tillbaka till oss.

ARBETSDAGAR OCH AVSÄNDNING
- Arbetsdagar (även för transportörerna): måndag–fredag utom 24, 25, 26 och 31 december 2026 samt 1 och 6 januari 2027.
- Order som är betald före kl. 14:00 en arbetsdag skickas samma dag, annars nästa arbetsdag.
- Sista betalning för leverans före julafton (senast onsdag 23 december): Sverige tisdag 2026-12-22 kl. 14:00, Danmark måndag 2026-12-21 kl. 14:00, Norge och Finland fredag 2026-12-18 kl. 14:00.

BETALNING
- Vi tar emot Visa, Mastercard, Klarna (faktura 30 dagar eller delbetalning), Swish (endast Sverige) och MobilePay (endast Danmark och Finland).
- Vi tar inte emot PayPal, American Express, Vipps, förskott via bankgiro, kontanter eller presentkort från andra butiker.
- Kort-, Swish- eller MobilePay-betalning som inte slutförts: status "väntar på betalning". Betalningen måste komma senast 3 kalenderdagar efter orderdatum (orderdatum + 3 dagar, kl. 23:59); annars avbryts ordern automatiskt.
- Rabattkoder kan inte läggas till i efterhand.

AVBESTÄLLNING
- Möjlig så länge status är "väntar på betalning" eller "betald"; då får du avbryta ordern direkt. Från "plockas" går det inte: kunden kan låta bli att hämta / vägra ta emot paketet eller returnera enligt öppet köp.
- Vägrat eller ej uthämtat paket: återbetalning när paketet kommit tillbaka, minus 79 kr returfrakt; den ursprungliga frakten återbetalas inte.

RETUR (30 dagars öppet köp)
- 30 kalenderdagar räknat från levererad (sista dag = levererad + 30 dagar).
- Oanvänd vara i originalförpackning. Maskiner och kvarnar som har använts (vatten i tanken, malt kaffe) omfattas inte av öppet köp. Kaffe och andra livsmedel bara i obruten förpackning.
- Vi mailar en returfraktsedel; 79 kr dras från återbetalningen och den ursprungliga frakten återbetalas inte. Undantag: trasig, transportskadad eller fel vara – då är fraktsedeln kostnadsfri och frakten återbetalas.
- Transportskada eller fel vara: anmäl med foto inom 7 kalenderdagar från levererad; kunden väljer ny vara eller återbetalning.

ÅTERBETALNING
- Till det ursprungliga betalsättet (Klarna: fakturan krediteras; Swish/MobilePay: till samma nummer), inom 5 arbetsdagar efter retur_mottagen, eller inom 3 arbetsdagar efter en avbeställning. Inga presentkort eller tillgodokvitton i stället.

GARANTI
- 2 år från levererad på maskiner, kvarnar och köksapparater: reparation eller ny produkt. Vi mailar en kostnadsfri fraktsedel; reparationen tar normalt 10 arbetsdagar från att produkten kommit fram till oss.
- Gäller inte: kalkskador när maskinen inte avkalkats, fall- och slagskador, diskmaskinsskador, slitdelar (packningar, silkorgar). Vi säljer ingen förlängd garanti.

ÖVERLÄMNING TILL MÄNNISKA
- Lämna över till en medarbetare, och säg det till kunden, vid: personskada (brännskada, skållning, skärsår), allergisk reaktion eller förgiftning, brand, rök, brandlukt, gnistor, elstöt, utlöst säkring eller jordfelsbrytare, hot om rättsliga åtgärder eller anmälan (ARN, Forbrukerrådet, Forbrugerklagenævnet, Kuluttajariitalautakunta, advokat, domstol), återkrav/chargeback eller okänd debitering, misstänkt bedrägeri eller kapat konto, samt när eskalering = ja.
- En medarbetare svarar inom 1 arbetsdag (måndag–fredag 08–17). Lova ingen annan tid. Avslöja inte innehållet i anteckningar om misstänkt bedrägeri.
- Frågor som orderposten eller policyn besvarar ska inte lämnas över."""

# Item prices in SEK, the same in every record.
PRICES = {
    "Espressomaskin Ardesia Duo": 7995.00,
    "Espressomaskin Piccolo": 3495.00,
    "Helautomat Nordlys S7": 9490.00,
    "Filterbryggare Brygg 10": 2295.00,
    "Kvarn Malmö 64": 4290.00,
    "Handkvarn Fjäll": 1190.00,
    "Kaffebönor Gamla Stan mörkrost 1 kg": 289.00,
    "Kaffebönor Espresso Söder 1 kg": 319.00,
    "Kaffebönor Etiopien Yirgacheffe 250 g": 129.00,
    "Mjölkkanna 600 ml": 249.00,
    "Avkalkningsmedel 500 ml": 99.00,
    "Rengöringstabletter 10 st": 69.00,
    "Tamper 58 mm": 349.00,
    "Kaffevåg Precision": 549.00,
    "Vattenkokare Temp 1,7 l": 1095.00,
    "Mjölkskummare Moln": 899.00,
    "Brödrost Linné": 895.00,
    "Köksmaskin Deg": 5490.00,
}

# (country, fraktsätt) -> (fee, free-from, working days after dispatch, tracking regex)
CARRIERS = {
    ("Sverige", "PostNord ombud"): (49.0, 699.0, 1, r"[A-Z]{2}\d{9}SE"),
    ("Sverige", "Budbee hemleverans"): (79.0, 1500.0, 1, r"BB\d{8}"),
    ("Norge", "Bring hentested"): (149.0, 1500.0, 3, r"7043\d{13}"),
    ("Danmark", "GLS PakkeShop"): (99.0, 1000.0, 2, r"\d{11}"),
    ("Finland", "Posti noutopiste"): (99.0, 1000.0, 3, r"JJFI\d{17}"),
}

HOLIDAYS = {dt.date(2026, 12, d) for d in (24, 25, 26, 31)} | {
    dt.date(2027, 1, 1), dt.date(2027, 1, 6)}


def workday(d):
    return d.weekday() < 5 and d not in HOLIDAYS


def add_workdays(d, n):
    while n:
        d += dt.timedelta(days=1)
        if workday(d):
            n -= 1
    return d


def date(s):
    return dt.date.fromisoformat(s)


def money(s):
    m = re.fullmatch(r"(\d{1,3}(?: \d{3})*),(\d\d) kr", s)
    assert m, "bad amount %r" % s
    return float(m.group(1).replace(" ", "") + "." + m.group(2))


ROWS_ALL = []


def R(msgs, reply, facts, label, kind, why, lang, tag):
    if isinstance(msgs, str):
        msgs = [msgs]
    assert len(msgs) % 2 == 1, tag
    prompt = [{"role": "system", "content": SYSTEM}]
    for i, m in enumerate(msgs):
        prompt.append({"role": "user" if i % 2 == 0 else "assistant", "content": m})
    assert label in (0, 1), tag
    assert lang in ("sv", "no", "da", "fi", "en"), tag
    return {"tag": tag, "lang": lang, "turns": (len(msgs) + 1) // 2,
            "row": {"shop": SHOP, "prompt": prompt, "reply": reply,
                    "facts": facts, "label": label, "kind": kind, "why": why}}


def check(f, tag):
    """Every record must follow the shop's own rules."""
    if f is None:
        return
    assert all(isinstance(v, str) for v in f.values()), tag
    assert re.fullmatch(r"KH-\d{6}", f["ordernummer"]), tag
    if "artiklar" in f:
        tot = 0.0
        for part in f["artiklar"].split("; "):
            n, name = part.split(" × ")
            tot += int(n) * PRICES[name]
        assert abs(tot - money(f["varuvärde"])) < 0.001, (tag, tot)
    key = (f.get("land"), f.get("fraktsätt"))
    if "fraktsätt" in f:
        fee, free, days, trk = CARRIERS[key]
        if "varuvärde" in f:
            want = 0.0 if money(f["varuvärde"]) >= free else fee
            assert money(f["frakt"]) == want, (tag, "frakt")
            assert abs(money(f["varuvärde"]) + money(f["frakt"]) - money(f["totalt"])) < 0.001, (tag, "totalt")
        if "spårningsnummer" in f:
            assert re.fullmatch(trk, f["spårningsnummer"]), (tag, "tracking")
        if "skickad" in f and "beräknad_leverans" in f:
            assert add_workdays(date(f["skickad"]), days) == date(f["beräknad_leverans"]), (tag, "eta")
        if "skickad" in f and "ankom_utlämningsställe" in f and "beräknad_leverans" not in f:
            assert add_workdays(date(f["skickad"]), days) == date(f["ankom_utlämningsställe"]), (tag, "arrival")
    if "betaldatum" in f and "skickad" in f:
        d, t = f["betaldatum"].split(" ")
        d = date(d)
        ship = d if workday(d) and t < "14:00" else add_workdays(d, 1)
        assert ship == date(f["skickad"]), (tag, "dispatch", ship)
    if "ankom_utlämningsställe" in f and "hämtas_senast" in f:
        assert date(f["ankom_utlämningsställe"]) + dt.timedelta(7) == date(f["hämtas_senast"]), (tag, "pickup")
    for k in ("orderdatum", "skickad", "levererad", "beräknad_leverans", "retur_mottagen",
              "återbetalat_datum", "ankom_utlämningsställe", "hämtas_senast"):
        if k in f:
            date(f[k])
    for k in ("orderdatum", "skickad", "levererad", "retur_mottagen", "återbetalat_datum"):
        if k in f:
            assert date(f[k]) <= dt.date(2026, 12, 7), (tag, k)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    rows = []
    for i in range(1, 7):
        try:
            mod = __import__("rows_%d" % i)
        except ModuleNotFoundError:
            continue
        rows.extend(mod.ROWS)
    tags = [r["tag"] for r in rows]
    dup = [t for t, c in collections.Counter(tags).items() if c > 1]
    assert not dup, dup
    for r in rows:
        check(r["row"]["facts"], r["tag"])
    random.Random(14).shuffle(rows)
    out = []
    for i, r in enumerate(rows, 1):
        row = {"id": "b14-%03d" % i}
        row.update(r["row"])
        r["id"] = row["id"]
        out.append(row)
    with open(os.path.join(here, "replies.jsonl"), "w", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    if "--map" in sys.argv:
        for r in sorted(rows, key=lambda r: r["id"]):
            print(r["id"], r["row"]["label"], r["lang"], r["row"]["kind"], r["tag"])
        return
    lab = collections.Counter(r["row"]["label"] for r in rows)
    nul = [r for r in rows if r["row"]["facts"] is None]
    turns = collections.Counter(r["turns"] for r in rows)
    print("rows: %d" % len(rows))
    print("keep (1): %d   drop (0): %d" % (lab[1], lab[0]))
    print("facts null: %d (keep %d, drop %d)" % (
        len(nul), sum(r["row"]["label"] for r in nul),
        len(nul) - sum(r["row"]["label"] for r in nul)))
    print("with record: %d" % (len(rows) - len(nul)))
    print("multi-turn (2-3 user turns): %d   (%s)" % (
        turns[2] + turns[3],
        ", ".join("%d user turns: %d" % (k, turns[k]) for k in sorted(turns))))
    print("shop: %s" % SHOP)
    print("per language (reply):")
    for k, v in sorted(collections.Counter(r["lang"] for r in rows).items()):
        print("  %-4s %3d" % (k, v))
    print("per kind (label):")
    kinds = collections.Counter((r["row"]["kind"], r["row"]["label"]) for r in rows)
    for (k, l), v in sorted(kinds.items()):
        print("  %-34s %3d   (%d)" % (k, v, l))
    print("gaming-* total: %d" % sum(v for (k, l), v in kinds.items() if k.startswith("gaming-")))
    print("one-wrong-fact-* total: %d" % sum(v for (k, l), v in kinds.items() if k.startswith("one-wrong-fact")))
    print("wrote replies.jsonl")


if __name__ == "__main__":
    main()
