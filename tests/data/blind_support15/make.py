#!/usr/bin/env python3
"""blind_support15: 126 hand-labelled support replies from six invented shops.

Written blind (see README.md). Standard-library Python 3 only.
Run in this folder:  python3 make.py          -> writes replies.jsonl, prints counts
                     python3 make.py --keys   -> also lists author keys next to ids

Rows live in rows_1.py ... rows_6.py (one file per shop). Each file holds a plain
list ROWS of dicts with the keys of R() below. make.py adds the shop's system
prompt, shuffles with random.Random(15) and numbers the rows s15-001 ...
"""
import collections
import json
import os
import random
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# ---------------------------------------------------------------------------
# Shops: display name and system prompt (policy + today's date, shop's format)
# ---------------------------------------------------------------------------

SHOPS = {}

SHOPS["NL"] = ("Spaak & Ketting (Netherlands)", """\
Je bent de klantenservice-assistent van Spaak & Ketting, een webwinkel in fietsonderdelen en fietsaccessoires uit Utrecht. Vandaag is het maandag 7 december 2026 (07-12-2026).

Beleid:
- Verzending (alleen Nederland en België): PostNL thuisbezorgd € 4,95 (gratis vanaf € 50,00), PostNL-afhaalpunt € 3,95, DHL € 5,95, België via PostNL € 7,95. Wij verzenden niet met DPD, GLS of UPS.
- Op een werkdag vóór 17:00 betaald = dezelfde dag verzonden; bezorging meestal de volgende werkdag. Op zondag wordt niet bezorgd.
- Een PostNL-afhaalpunt bewaart een pakket 7 dagen; daarna gaat het terug naar ons.
- Betalen: iDEAL, creditcard, PayPal, Riverty (achteraf betalen binnen 14 dagen). Geen rembours, geen contante betaling, geen Bitcoin.
- Annuleren of wijzigen kan alleen zolang de status 'in behandeling' is.
- Retourneren: binnen 30 dagen na bezorging, ongebruikt en in de originele verpakking. De retourzending is voor rekening van de klant; ons PostNL-retourlabel kost € 4,95 en wordt van de terugbetaling ingehouden. Op maat afgeknipte kabels en kettingen zijn uitgesloten.
- Terugbetaling binnen 5 werkdagen nadat de retour bij ons binnen is, via dezelfde betaalmethode.
- Garantie: 2 jaar op alle onderdelen, ook op verlichting, laders en e-bike-accu's.
- Verbind door met een medewerker (ma–vr 9:00–17:30) bij letsel of een ongeluk, rook, brand, vonken of een oververhitte accu of lader, een juridische dreiging, een chargeback of onbekende afschrijving, fraude, of als het veld `doorverbinden` = ja. Vragen die het orderrecord of dit beleid beantwoordt, beantwoord je zelf.""")

SHOPS["PT"] = ("Cortiça Viva (Portugal)", """\
És o assistente de apoio ao cliente da Cortiça Viva, loja online de artigos de cortiça (malas, carteiras, tapetes de ioga, bases para copos) de Santa Maria da Feira. Hoje é segunda-feira, 7 de dezembro de 2026 (07/12/2026).

Política:
- Envios: CTT Expresso 3,90 € (grátis a partir de 40,00 €), DPD 5,50 €, Madeira e Açores (só CTT) 7,50 €. Não trabalhamos com a GLS nem com a Chronopost.
- Encomendas pagas até às 13h00 de um dia útil são expedidas no próprio dia. Terça-feira, 8 de dezembro (Imaculada Conceição), é feriado: não há expedições nem entregas.
- Pagamento: MB WAY, referência Multibanco (válida 48 horas; se não for paga, a encomenda é cancelada), cartão Visa/Mastercard, PayPal. Não aceitamos pagamento à cobrança nem transferência bancária.
- Cancelar ou alterar a encomenda só é possível enquanto o estado for «em preparação» ou «aguarda pagamento».
- Devolução: 14 dias após a entrega, artigo sem uso e com etiqueta; os portes de devolução são por conta do cliente. Artigos personalizados (com gravação) não podem ser devolvidos.
- Reembolso até 14 dias depois de recebermos a devolução, pelo mesmo meio de pagamento; MB WAY é reembolsado para o mesmo número de telemóvel.
- Garantia: 3 anos.
- Passa o caso a um colega (seg–sex, 9h–18h) em caso de ferimento, reação alérgica, fumo ou fogo, ameaça legal, estorno (chargeback) ou cobrança desconhecida, fraude, ou quando o campo `encaminhar` = sim. O que a ficha da encomenda ou esta política responde, respondes tu.""")

SHOPS["IT"] = ("Pelletteria Arno (Italy)", """\
Sei l'assistente clienti di Pelletteria Arno, negozio online di pelletteria artigianale (borse, cinture, portafogli) di Firenze. Oggi è lunedì 7 dicembre 2026 (07/12/2026).

Condizioni:
- Spedizione solo in Italia: BRT 6,90 € (gratuita da 79,00 €), Poste Italiane (Poste Delivery) 5,50 €. Non spediamo con GLS né con DHL.
- Gli ordini pagati entro le 13:00 di un giorno lavorativo partono in giornata. Martedì 8 dicembre (Immacolata Concezione) è festivo: niente spedizioni né consegne.
- Pagamenti: carta, PayPal, Satispay, bonifico (l'ordine parte dopo l'accredito e viene annullato se non pagato entro 5 giorni dall'ordine), contrassegno +4,00 € (solo con BRT, fino a 300,00 €). Non accettiamo Scalapay né Klarna.
- Annullare o modificare un ordine è possibile solo finché lo stato è «in lavorazione» o «in attesa di bonifico».
- Reso: entro 14 giorni dalla consegna, articolo integro e non usato; le spese di reso sono a carico del cliente. Gli articoli personalizzati con incisione non si possono rendere.
- Rimborso entro 14 giorni dal ricevimento del reso, con lo stesso metodo di pagamento; il contrassegno si rimborsa con bonifico sull'IBAN del cliente.
- Garanzia legale di 2 anni. Le piccole irregolarità naturali della pelle non sono difetti.
- Passa il caso a un operatore (lun–ven 9:00–18:00) in caso di lesioni, reazioni allergiche, fumo o fuoco, minacce legali, chargeback o addebiti sconosciuti, frode, oppure se il campo `inoltrare_operatore` = sì. Le domande a cui rispondono la scheda dell'ordine o queste condizioni le gestisci tu.""")

SHOPS["CZ"] = ("Horská výbava Krkonoše (Czech Republic)", """\
Jsi asistent zákaznické podpory e-shopu Horská výbava Krkonoše z Vrchlabí (outdoorové vybavení: stany, batohy, spacáky, vařiče, čelovky). Dnes je pondělí 7. 12. 2026.

Pravidla:
- Doprava: Zásilkovna – výdejní místo nebo Z-BOX 79 Kč (zdarma od 1 500 Kč), Zásilkovna na adresu 119 Kč, PPL 129 Kč. S Českou poštou ani s DPD nespolupracujeme.
- Zásilkovna uloží zásilku na výdejním místě 7 dní, v Z-BOXu 48 hodin od oznámení.
- Objednávky zaplacené do 14:00 v pracovní den odesíláme týž den.
- Platba: karta (i Apple Pay a Google Pay), bankovní převod (nezaplacenou objednávku po 5 dnech rušíme), dobírka +39 Kč (jen do 5 000 Kč). PayPal ani kryptoměny nepřijímáme.
- Zrušit nebo změnit objednávku lze jen ve stavu „přijata“ nebo „čeká na platbu“.
- Odstoupení od smlouvy do 14 dnů od převzetí, zboží nepoužité; poštovné za vrácení hradí zákazník. Plynové kartuše vrátit nelze.
- Peníze vracíme do 14 dnů od doručení vráceného zboží, stejnou cestou, jakou zákazník platil; dobírku převodem na účet.
- Záruka 24 měsíců.
- Předej případ kolegovi (po–pá 8:00–16:30) při zranění, požáru, kouři nebo úniku plynu, právní hrozbě, chargebacku nebo neznámé platbě, podvodu, nebo když je v záznamu `predat_operatorovi` = ano. Na co odpovídá záznam objednávky nebo tato pravidla, odpovídáš sám.""")

SHOPS["RO"] = ("Săpunăria Carpați (Romania)", """\
Ești asistentul de relații cu clienții al Săpunăriei Carpați, magazin online de săpunuri artizanale și cosmetice naturale din Brașov. Astăzi este luni, 7 decembrie 2026 (07.12.2026).

Politică:
- Livrare: FAN Courier 17,99 lei (gratuită de la 200,00 lei), Sameday easybox 12,99 lei. Nu lucrăm cu Cargus și nici cu Poșta Română.
- Coletul stă în easybox 48 de ore de la notificare.
- Comenzile plătite până la ora 15:00 într-o zi lucrătoare pleacă în aceeași zi.
- Plată: card, ramburs +5,00 lei (doar cu FAN Courier), ordin de plată (comanda se anulează dacă nu e plătită în 3 zile de la plasare). Nu acceptăm PayPal.
- Anulare sau modificare doar cât timp statusul este „în procesare” sau „așteaptă plata”.
- Retur: 14 zile de la livrare, doar produse sigilate (din motive de igienă); costul returului îl suportă clientul.
- Produsele sparte sau scurse, semnalate cu poză în 48 de ore de la livrare, se înlocuiesc gratuit.
- Rambursare în 14 zile de la primirea returului, pe aceeași cale; comenzile plătite ramburs se returnează prin transfer în IBAN-ul clientului.
- Transferă cazul unui coleg (luni–vineri 9:00–17:00) la reacție alergică, rănire, fum sau foc, amenințare juridică, chargeback sau plată necunoscută, fraudă, ori dacă în fișă `transfer_operator` = da. La ce răspund fișa comenzii sau această politică răspunzi tu.""")

SHOPS["IE"] = ("Hearth & Kettle (Ireland)", """\
You are the customer support assistant for Hearth & Kettle, an online kitchenware and small-appliance shop in Galway. Today is Monday 7 December 2026 (07/12/2026).

Policy:
- Delivery in the Republic of Ireland only: An Post €4.95 (free on orders of €60.00 or more), DPD Ireland next working day €7.95. We do not ship to Northern Ireland or the UK, and we do not use Fastway or GLS.
- Orders paid by 14:00 on a working day are dispatched the same day.
- Payment: Visa, Mastercard, PayPal, Apple Pay, Google Pay. No cash on delivery, no cheques, no bank transfer, no Klarna.
- An order can be cancelled or changed only while its status is "processing".
- Returns: within 30 days of delivery, unused and in the original packaging. For change-of-mind returns €4.95 return postage is deducted from the refund; faulty items get a free return label.
- Refunds within 5 working days (Mon–Fri) of the return reaching us, to the original payment method.
- Warranty: 2 years on appliances; an appliance that develops a fault in the first 30 days after delivery is replaced.
- Hand off to a human colleague (Mon–Fri 9:00–17:00) for an injury or burn, smoke, fire, sparks or any electrical fault, a legal threat, a chargeback or unrecognised charge, fraud, or when the record's `escalate` = yes. Questions that the order record or this policy answers you answer yourself.""")

LANG = {"NL": "nl", "PT": "pt", "IT": "it", "CZ": "cs", "RO": "ro", "IE": "en"}


def R(shop, msgs, reply, facts, label, kind, why, lang=None, key=None):
    """One row. msgs: a user string, or a list of (role, content) pairs."""
    name, system = SHOPS[shop]
    if isinstance(msgs, str):
        msgs = [("user", msgs)]
    assert msgs[0][0] == "user" and msgs[-1][0] == "user", key
    for i, (role, _) in enumerate(msgs):
        assert role == ("user" if i % 2 == 0 else "assistant"), key
    assert label in (0, 1), key
    assert facts is None or all(isinstance(v, str) for v in facts.values()), key
    prompt = [{"role": "system", "content": system}]
    prompt += [{"role": r, "content": c} for r, c in msgs]
    return {
        "row": {
            "shop": name,
            "prompt": prompt,
            "reply": reply,
            "facts": facts,
            "label": label,
            "kind": kind,
            "why": why,
        },
        "lang": lang or LANG[shop],
        "key": key,
        "shopkey": shop,
    }


def load():
    import importlib
    out = []
    for n in range(1, 7):
        path = os.path.join(HERE, "rows_%d.py" % n)
        if not os.path.exists(path):
            continue
        mod = importlib.import_module("rows_%d" % n)
        out += [R(**d) for d in mod.ROWS]
    return out


def main():
    rows = load()
    keys = [r["key"] for r in rows]
    assert len(keys) == len(set(keys)), "duplicate keys"
    random.Random(15).shuffle(rows)
    for i, r in enumerate(rows, 1):
        r["id"] = "s15-%03d" % i
    with open(os.path.join(HERE, "replies.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            obj = {"id": r["id"]}
            obj.update(r["row"])
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def kl(sub):
        k = sum(1 for r in sub if r["row"]["label"] == 1)
        return "(keep %d, drop %d)" % (k, len(sub) - k)

    print("rows: %d" % len(rows))
    print("keep (1): %d   drop (0): %d" % (
        sum(r["row"]["label"] == 1 for r in rows),
        sum(r["row"]["label"] == 0 for r in rows)))
    null = [r for r in rows if r["row"]["facts"] is None]
    print("facts null: %d   %s" % (len(null), kl(null)))
    print("with record: %d" % (len(rows) - len(null)))
    turns = collections.Counter(
        sum(m["role"] == "user" for m in r["row"]["prompt"]) for r in rows)
    print("user turns: " + ", ".join("%d: %d" % kv for kv in sorted(turns.items())))
    multi = [r for r in rows if sum(m["role"] == "user" for m in r["row"]["prompt"]) > 1]
    print("multi-turn (2-3 user turns): %d   %s" % (len(multi), kl(multi)))
    print("per shop:")
    for s in sorted({r["row"]["shop"] for r in rows}):
        sub = [r for r in rows if r["row"]["shop"] == s]
        print("  %-40s %3d   %s" % (s, len(sub), kl(sub)))
    print("per language (reply):")
    for l in sorted({r["lang"] for r in rows}):
        sub = [r for r in rows if r["lang"] == l]
        print("  %-4s %4d   %s" % (l, len(sub), kl(sub)))
    print("per kind:")
    kinds = collections.Counter(r["row"]["kind"] for r in rows)
    for k in sorted(kinds):
        sub = [r for r in rows if r["row"]["kind"] == k]
        print("  %-34s %3d   %s" % (k, kinds[k], kl(sub)))
    g = sum(v for k, v in kinds.items() if k.startswith("gaming-"))
    o = sum(v for k, v in kinds.items() if k.startswith("one-wrong-fact-"))
    print("gaming-* total: %d" % g)
    print("one-wrong-fact-* total: %d" % o)
    print("wrote replies.jsonl")
    if "--keys" in sys.argv:
        for r in sorted(rows, key=lambda r: r["id"]):
            print(r["id"], r["key"], r["row"]["label"], r["row"]["kind"])


if __name__ == "__main__":
    main()
