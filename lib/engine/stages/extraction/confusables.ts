// A curated confusables table for normalize-text's skeleton step: look-alike characters → the ASCII
// Latin letters a conversation designer writes in a pattern ("QuickCart", "bitcoin").
//
// Source: Unicode TS #39 confusables.txt (version 14.0.0, © Unicode, Inc., Unicode License), the
// single-code-point entries whose prototype is ASCII letters, for the scripts attackers use against
// Latin names: Cyrillic, Greek, Latin extensions and small capitals, Armenian, Cherokee, Coptic, Lisu,
// and a few symbols. Entries already handled by NFKC (fullwidth, mathematical alphanumerics, circled
// letters, ℓ) are left out: the skeleton runs after NFKC, so they would never be reached. Every key is
// stable under NFKC and NFD for the same reason.
//
// Departures from TS #39, on purpose:
// - ASCII is a fixed point. TS #39 maps "0" → "O", "1" → "l", "I" → "l" and "m" → "rn" because its
//   skeletons are compared with each other; here a skeleton is matched against a designer's regex,
//   which cannot be skeletonized, and digits must survive for amounts.
// - Capital-I look-alikes (Greek Ι, Cyrillic І, palochka Ӏ, …) map to "I", not TS #39's "l", because
//   case folding follows and an attacker who writes "QuІckCart" means an i.
// - The last section adds look-alikes whose TS #39 prototype is itself not ASCII (κ → ĸ, т → ᴛ,
//   ε → ꞓ, small capitals) and stroke letters that NFD does not decompose (ø, ł, đ).

export const CONFUSABLES: ReadonlyMap<string, string> = new Map([
  // TS #39 confusables.txt, Cyrillic: 47
  ["\u0405", "S"], // Ѕ CYRILLIC CAPITAL LETTER DZE
  ["\u0406", "I"], // І CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I
  ["\u0408", "J"], // Ј CYRILLIC CAPITAL LETTER JE
  ["\u0410", "A"], // А CYRILLIC CAPITAL LETTER A
  ["\u0412", "B"], // В CYRILLIC CAPITAL LETTER VE
  ["\u0415", "E"], // Е CYRILLIC CAPITAL LETTER IE
  ["\u041A", "K"], // К CYRILLIC CAPITAL LETTER KA
  ["\u041C", "M"], // М CYRILLIC CAPITAL LETTER EM
  ["\u041D", "H"], // Н CYRILLIC CAPITAL LETTER EN
  ["\u041E", "O"], // О CYRILLIC CAPITAL LETTER O
  ["\u0420", "P"], // Р CYRILLIC CAPITAL LETTER ER
  ["\u0421", "C"], // С CYRILLIC CAPITAL LETTER ES
  ["\u0422", "T"], // Т CYRILLIC CAPITAL LETTER TE
  ["\u0423", "Y"], // У CYRILLIC CAPITAL LETTER U
  ["\u0425", "X"], // Х CYRILLIC CAPITAL LETTER HA
  ["\u042B", "bl"], // Ы CYRILLIC CAPITAL LETTER YERU
  ["\u042C", "b"], // Ь CYRILLIC CAPITAL LETTER SOFT SIGN
  ["\u0430", "a"], // а CYRILLIC SMALL LETTER A
  ["\u0433", "r"], // г CYRILLIC SMALL LETTER GHE
  ["\u0435", "e"], // е CYRILLIC SMALL LETTER IE
  ["\u043E", "o"], // о CYRILLIC SMALL LETTER O
  ["\u0440", "p"], // р CYRILLIC SMALL LETTER ER
  ["\u0441", "c"], // с CYRILLIC SMALL LETTER ES
  ["\u0443", "y"], // у CYRILLIC SMALL LETTER U
  ["\u0445", "x"], // х CYRILLIC SMALL LETTER HA
  ["\u0455", "s"], // ѕ CYRILLIC SMALL LETTER DZE
  ["\u0456", "i"], // і CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
  ["\u0458", "j"], // ј CYRILLIC SMALL LETTER JE
  ["\u0461", "w"], // ѡ CYRILLIC SMALL LETTER OMEGA
  ["\u0474", "V"], // Ѵ CYRILLIC CAPITAL LETTER IZHITSA
  ["\u0475", "v"], // ѵ CYRILLIC SMALL LETTER IZHITSA
  ["\u04AE", "Y"], // Ү CYRILLIC CAPITAL LETTER STRAIGHT U
  ["\u04AF", "y"], // ү CYRILLIC SMALL LETTER STRAIGHT U
  ["\u04BB", "h"], // һ CYRILLIC SMALL LETTER SHHA
  ["\u04BD", "e"], // ҽ CYRILLIC SMALL LETTER ABKHASIAN CHE
  ["\u04C0", "I"], // Ӏ CYRILLIC LETTER PALOCHKA
  ["\u04CF", "i"], // ӏ CYRILLIC SMALL LETTER PALOCHKA
  ["\u04D4", "AE"], // Ӕ CYRILLIC CAPITAL LIGATURE A IE
  ["\u04D5", "ae"], // ӕ CYRILLIC SMALL LIGATURE A IE
  ["\u0501", "d"], // ԁ CYRILLIC SMALL LETTER KOMI DE
  ["\u050C", "G"], // Ԍ CYRILLIC CAPITAL LETTER KOMI SJE
  ["\u051B", "q"], // ԛ CYRILLIC SMALL LETTER QA
  ["\u051C", "W"], // Ԝ CYRILLIC CAPITAL LETTER WE
  ["\u051D", "w"], // ԝ CYRILLIC SMALL LETTER WE
  ["\uA647", "i"], // ꙇ CYRILLIC SMALL LETTER IOTA
  ["\uA698", "OO"], // Ꚙ CYRILLIC CAPITAL LETTER DOUBLE O
  ["\uA699", "oo"], // ꚙ CYRILLIC SMALL LETTER DOUBLE O
  // TS #39 confusables.txt, Greek: 31
  ["\u037F", "J"], // Ϳ GREEK CAPITAL LETTER YOT
  ["\u0391", "A"], // Α GREEK CAPITAL LETTER ALPHA
  ["\u0392", "B"], // Β GREEK CAPITAL LETTER BETA
  ["\u0395", "E"], // Ε GREEK CAPITAL LETTER EPSILON
  ["\u0396", "Z"], // Ζ GREEK CAPITAL LETTER ZETA
  ["\u0397", "H"], // Η GREEK CAPITAL LETTER ETA
  ["\u0399", "I"], // Ι GREEK CAPITAL LETTER IOTA
  ["\u039A", "K"], // Κ GREEK CAPITAL LETTER KAPPA
  ["\u039C", "M"], // Μ GREEK CAPITAL LETTER MU
  ["\u039D", "N"], // Ν GREEK CAPITAL LETTER NU
  ["\u039F", "O"], // Ο GREEK CAPITAL LETTER OMICRON
  ["\u03A1", "P"], // Ρ GREEK CAPITAL LETTER RHO
  ["\u03A4", "T"], // Τ GREEK CAPITAL LETTER TAU
  ["\u03A5", "Y"], // Υ GREEK CAPITAL LETTER UPSILON
  ["\u03A7", "X"], // Χ GREEK CAPITAL LETTER CHI
  ["\u03B1", "a"], // α GREEK SMALL LETTER ALPHA
  ["\u03B3", "y"], // γ GREEK SMALL LETTER GAMMA
  ["\u03B9", "i"], // ι GREEK SMALL LETTER IOTA
  ["\u03BD", "v"], // ν GREEK SMALL LETTER NU
  ["\u03BF", "o"], // ο GREEK SMALL LETTER OMICRON
  ["\u03C1", "p"], // ρ GREEK SMALL LETTER RHO
  ["\u03C3", "o"], // σ GREEK SMALL LETTER SIGMA
  ["\u03C5", "u"], // υ GREEK SMALL LETTER UPSILON
  ["\u03DC", "F"], // Ϝ GREEK LETTER DIGAMMA
  ["\u03F3", "j"], // ϳ GREEK LETTER YOT
  ["\u03FA", "M"], // Ϻ GREEK CAPITAL LETTER SAN
  ["\u1D26", "r"], // ᴦ GREEK LETTER SMALL CAPITAL GAMMA
  ["\u{1D20D}", "V"], // 𝈍 GREEK VOCAL NOTATION SYMBOL-14
  ["\u{1D213}", "F"], // 𝈓 GREEK VOCAL NOTATION SYMBOL-20
  ["\u{1D216}", "R"], // 𝈖 GREEK VOCAL NOTATION SYMBOL-23
  ["\u{1D22A}", "L"], // 𝈪 GREEK INSTRUMENTAL NOTATION SYMBOL-23
  // TS #39 confusables.txt, Latin: 67
  ["\u00C6", "AE"], // Æ LATIN CAPITAL LETTER AE
  ["\u00E6", "ae"], // æ LATIN SMALL LETTER AE
  ["\u0131", "i"], // ı LATIN SMALL LETTER DOTLESS I
  ["\u0152", "OE"], // Œ LATIN CAPITAL LIGATURE OE
  ["\u0153", "oe"], // œ LATIN SMALL LIGATURE OE
  ["\u0184", "b"], // Ƅ LATIN CAPITAL LETTER TONE SIX
  ["\u018D", "g"], // ƍ LATIN SMALL LETTER TURNED DELTA
  ["\u0196", "I"], // Ɩ LATIN CAPITAL LETTER IOTA
  ["\u01A6", "R"], // Ʀ LATIN LETTER YR
  ["\u01BD", "s"], // ƽ LATIN SMALL LETTER TONE FIVE
  ["\u01C0", "l"], // ǀ LATIN LETTER DENTAL CLICK
  ["\u01C1", "ll"], // ǁ LATIN LETTER LATERAL CLICK
  ["\u0251", "a"], // ɑ LATIN SMALL LETTER ALPHA
  ["\u0261", "g"], // ɡ LATIN SMALL LETTER SCRIPT G
  ["\u0263", "y"], // ɣ LATIN SMALL LETTER GAMMA
  ["\u0269", "i"], // ɩ LATIN SMALL LETTER IOTA
  ["\u026A", "i"], // ɪ LATIN LETTER SMALL CAPITAL I
  ["\u026F", "w"], // ɯ LATIN SMALL LETTER TURNED M
  ["\u028B", "u"], // ʋ LATIN SMALL LETTER V WITH HOOK
  ["\u028F", "y"], // ʏ LATIN LETTER SMALL CAPITAL Y
  ["\u02A3", "dz"], // ʣ LATIN SMALL LETTER DZ DIGRAPH
  ["\u02A6", "ts"], // ʦ LATIN SMALL LETTER TS DIGRAPH
  ["\u02AA", "ls"], // ʪ LATIN SMALL LETTER LS DIGRAPH
  ["\u02AB", "lz"], // ʫ LATIN SMALL LETTER LZ DIGRAPH
  ["\u1D04", "c"], // ᴄ LATIN LETTER SMALL CAPITAL C
  ["\u1D0F", "o"], // ᴏ LATIN LETTER SMALL CAPITAL O
  ["\u1D11", "o"], // ᴑ LATIN SMALL LETTER SIDEWAYS O
  ["\u1D1C", "u"], // ᴜ LATIN LETTER SMALL CAPITAL U
  ["\u1D20", "v"], // ᴠ LATIN LETTER SMALL CAPITAL V
  ["\u1D21", "w"], // ᴡ LATIN LETTER SMALL CAPITAL W
  ["\u1D22", "z"], // ᴢ LATIN LETTER SMALL CAPITAL Z
  ["\u1D6B", "ue"], // ᵫ LATIN SMALL LETTER UE
  ["\u1D83", "g"], // ᶃ LATIN SMALL LETTER G WITH PALATAL HOOK
  ["\u1D8C", "y"], // ᶌ LATIN SMALL LETTER V WITH PALATAL HOOK
  ["\u1E9D", "f"], // ẝ LATIN SMALL LETTER LONG S WITH HIGH STROKE
  ["\u1EFF", "y"], // ỿ LATIN SMALL LETTER Y WITH LOOP
  ["\uA731", "s"], // ꜱ LATIN LETTER SMALL CAPITAL S
  ["\uA732", "AA"], // Ꜳ LATIN CAPITAL LETTER AA
  ["\uA733", "aa"], // ꜳ LATIN SMALL LETTER AA
  ["\uA734", "AO"], // Ꜵ LATIN CAPITAL LETTER AO
  ["\uA735", "ao"], // ꜵ LATIN SMALL LETTER AO
  ["\uA736", "AU"], // Ꜷ LATIN CAPITAL LETTER AU
  ["\uA737", "au"], // ꜷ LATIN SMALL LETTER AU
  ["\uA738", "AV"], // Ꜹ LATIN CAPITAL LETTER AV
  ["\uA739", "av"], // ꜹ LATIN SMALL LETTER AV
  ["\uA73A", "AV"], // Ꜻ LATIN CAPITAL LETTER AV WITH HORIZONTAL BAR
  ["\uA73B", "av"], // ꜻ LATIN SMALL LETTER AV WITH HORIZONTAL BAR
  ["\uA73C", "AY"], // Ꜽ LATIN CAPITAL LETTER AY
  ["\uA73D", "ay"], // ꜽ LATIN SMALL LETTER AY
  ["\uA74E", "OO"], // Ꝏ LATIN CAPITAL LETTER OO
  ["\uA74F", "oo"], // ꝏ LATIN SMALL LETTER OO
  ["\uA777", "tf"], // ꝷ LATIN SMALL LETTER TUM
  ["\uA798", "F"], // Ꞙ LATIN CAPITAL LETTER F WITH STROKE
  ["\uA799", "f"], // ꞙ LATIN SMALL LETTER F WITH STROKE
  ["\uA79F", "u"], // ꞟ LATIN SMALL LETTER VOLAPUK UE
  ["\uA7B2", "J"], // Ʝ LATIN CAPITAL LETTER J WITH CROSSED-TAIL
  ["\uA7B3", "X"], // Ꭓ LATIN CAPITAL LETTER CHI
  ["\uA7B4", "B"], // Ꞵ LATIN CAPITAL LETTER BETA
  ["\uAB32", "e"], // ꬲ LATIN SMALL LETTER BLACKLETTER E
  ["\uAB35", "f"], // ꬵ LATIN SMALL LETTER LENIS F
  ["\uAB3D", "o"], // ꬽ LATIN SMALL LETTER BLACKLETTER O
  ["\uAB47", "r"], // ꭇ LATIN SMALL LETTER R WITHOUT HANDLE
  ["\uAB48", "r"], // ꭈ LATIN SMALL LETTER DOUBLE R
  ["\uAB4E", "u"], // ꭎ LATIN SMALL LETTER U WITH SHORT RIGHT LEG
  ["\uAB52", "u"], // ꭒ LATIN SMALL LETTER U WITH LEFT HOOK
  ["\uAB5A", "y"], // ꭚ LATIN SMALL LETTER Y WITH SHORT RIGHT LEG
  ["\uAB63", "uo"], // ꭣ LATIN SMALL LETTER UO
  // TS #39 confusables.txt, Armenian: 13
  ["\u054D", "U"], // Ս ARMENIAN CAPITAL LETTER SEH
  ["\u054F", "S"], // Տ ARMENIAN CAPITAL LETTER TIWN
  ["\u0555", "O"], // Օ ARMENIAN CAPITAL LETTER OH
  ["\u0561", "w"], // ա ARMENIAN SMALL LETTER AYB
  ["\u0563", "q"], // գ ARMENIAN SMALL LETTER GIM
  ["\u0566", "q"], // զ ARMENIAN SMALL LETTER ZA
  ["\u0570", "h"], // հ ARMENIAN SMALL LETTER HO
  ["\u0578", "n"], // ո ARMENIAN SMALL LETTER VO
  ["\u057C", "n"], // ռ ARMENIAN SMALL LETTER RA
  ["\u057D", "u"], // ս ARMENIAN SMALL LETTER SEH
  ["\u0581", "g"], // ց ARMENIAN SMALL LETTER CO
  ["\u0584", "f"], // ք ARMENIAN SMALL LETTER KEH
  ["\u0585", "o"], // օ ARMENIAN SMALL LETTER OH
  // TS #39 confusables.txt, Cherokee: 35
  ["\u13A0", "D"], // Ꭰ CHEROKEE LETTER A
  ["\u13A1", "R"], // Ꭱ CHEROKEE LETTER E
  ["\u13A2", "T"], // Ꭲ CHEROKEE LETTER I
  ["\u13A5", "i"], // Ꭵ CHEROKEE LETTER V
  ["\u13A9", "Y"], // Ꭹ CHEROKEE LETTER GI
  ["\u13AA", "A"], // Ꭺ CHEROKEE LETTER GO
  ["\u13AB", "J"], // Ꭻ CHEROKEE LETTER GU
  ["\u13AC", "E"], // Ꭼ CHEROKEE LETTER GV
  ["\u13B3", "W"], // Ꮃ CHEROKEE LETTER LA
  ["\u13B7", "M"], // Ꮇ CHEROKEE LETTER LU
  ["\u13BB", "H"], // Ꮋ CHEROKEE LETTER MI
  ["\u13BD", "Y"], // Ꮍ CHEROKEE LETTER MU
  ["\u13C0", "G"], // Ꮐ CHEROKEE LETTER NAH
  ["\u13C2", "h"], // Ꮒ CHEROKEE LETTER NI
  ["\u13C3", "Z"], // Ꮓ CHEROKEE LETTER NO
  ["\u13CF", "b"], // Ꮟ CHEROKEE LETTER SI
  ["\u13D2", "R"], // Ꮢ CHEROKEE LETTER SV
  ["\u13D4", "W"], // Ꮤ CHEROKEE LETTER TA
  ["\u13D5", "S"], // Ꮥ CHEROKEE LETTER DE
  ["\u13D9", "V"], // Ꮩ CHEROKEE LETTER DO
  ["\u13DA", "S"], // Ꮪ CHEROKEE LETTER DU
  ["\u13DE", "L"], // Ꮮ CHEROKEE LETTER TLE
  ["\u13DF", "C"], // Ꮯ CHEROKEE LETTER TLI
  ["\u13E2", "P"], // Ꮲ CHEROKEE LETTER TLV
  ["\u13E6", "K"], // Ꮶ CHEROKEE LETTER TSO
  ["\u13E7", "d"], // Ꮷ CHEROKEE LETTER TSU
  ["\u13F3", "G"], // Ᏻ CHEROKEE LETTER YU
  ["\u13F4", "B"], // Ᏼ CHEROKEE LETTER YV
  ["\uAB75", "i"], // ꭵ CHEROKEE SMALL LETTER V
  ["\uAB81", "r"], // ꮁ CHEROKEE SMALL LETTER HU
  ["\uAB83", "w"], // ꮃ CHEROKEE SMALL LETTER LA
  ["\uAB93", "z"], // ꮓ CHEROKEE SMALL LETTER NO
  ["\uABA9", "v"], // ꮩ CHEROKEE SMALL LETTER DO
  ["\uABAA", "s"], // ꮪ CHEROKEE SMALL LETTER DU
  ["\uABAF", "c"], // ꮯ CHEROKEE SMALL LETTER TLI
  // TS #39 confusables.txt, Coptic: 17
  ["\u2C85", "r"], // ⲅ COPTIC SMALL LETTER GAMMA
  ["\u2C8E", "H"], // Ⲏ COPTIC CAPITAL LETTER HATE
  ["\u2C92", "I"], // Ⲓ COPTIC CAPITAL LETTER IAUDA
  ["\u2C94", "K"], // Ⲕ COPTIC CAPITAL LETTER KAPA
  ["\u2C98", "M"], // Ⲙ COPTIC CAPITAL LETTER MI
  ["\u2C9A", "N"], // Ⲛ COPTIC CAPITAL LETTER NI
  ["\u2C9E", "O"], // Ⲟ COPTIC CAPITAL LETTER O
  ["\u2C9F", "o"], // ⲟ COPTIC SMALL LETTER O
  ["\u2CA2", "P"], // Ⲣ COPTIC CAPITAL LETTER RO
  ["\u2CA3", "p"], // ⲣ COPTIC SMALL LETTER RO
  ["\u2CA4", "C"], // Ⲥ COPTIC CAPITAL LETTER SIMA
  ["\u2CA5", "c"], // ⲥ COPTIC SMALL LETTER SIMA
  ["\u2CA6", "T"], // Ⲧ COPTIC CAPITAL LETTER TAU
  ["\u2CA8", "Y"], // Ⲩ COPTIC CAPITAL LETTER UA
  ["\u2CAC", "X"], // Ⲭ COPTIC CAPITAL LETTER KHI
  ["\u2CD0", "L"], // Ⳑ COPTIC CAPITAL LETTER L-SHAPED HA
  ["\u{102F5}", "Z"], // 𐋵 COPTIC EPACT NUMBER THREE HUNDRED
  // TS #39 confusables.txt, Lisu: 26
  ["\uA4D0", "B"], // ꓐ LISU LETTER BA
  ["\uA4D1", "P"], // ꓑ LISU LETTER PA
  ["\uA4D2", "d"], // ꓒ LISU LETTER PHA
  ["\uA4D3", "D"], // ꓓ LISU LETTER DA
  ["\uA4D4", "T"], // ꓔ LISU LETTER TA
  ["\uA4D6", "G"], // ꓖ LISU LETTER GA
  ["\uA4D7", "K"], // ꓗ LISU LETTER KA
  ["\uA4D9", "J"], // ꓙ LISU LETTER JA
  ["\uA4DA", "C"], // ꓚ LISU LETTER CA
  ["\uA4DC", "Z"], // ꓜ LISU LETTER DZA
  ["\uA4DD", "F"], // ꓝ LISU LETTER TSA
  ["\uA4DF", "M"], // ꓟ LISU LETTER MA
  ["\uA4E0", "N"], // ꓠ LISU LETTER NA
  ["\uA4E1", "L"], // ꓡ LISU LETTER LA
  ["\uA4E2", "S"], // ꓢ LISU LETTER SA
  ["\uA4E3", "R"], // ꓣ LISU LETTER ZHA
  ["\uA4E6", "V"], // ꓦ LISU LETTER HA
  ["\uA4E7", "H"], // ꓧ LISU LETTER XA
  ["\uA4EA", "W"], // ꓪ LISU LETTER WA
  ["\uA4EB", "X"], // ꓫ LISU LETTER SHA
  ["\uA4EC", "Y"], // ꓬ LISU LETTER YA
  ["\uA4EE", "A"], // ꓮ LISU LETTER A
  ["\uA4F0", "E"], // ꓰ LISU LETTER E
  ["\uA4F2", "I"], // ꓲ LISU LETTER I
  ["\uA4F3", "O"], // ꓳ LISU LETTER O
  ["\uA4F4", "U"], // ꓴ LISU LETTER U
  // TS #39 confusables.txt, Symbols: 7
  ["\u212E", "e"], // ℮ ESTIMATED SYMBOL
  ["\u2223", "l"], // ∣ DIVIDES
  ["\u2373", "i"], // ⍳ APL FUNCTIONAL SYMBOL IOTA
  ["\u2374", "p"], // ⍴ APL FUNCTIONAL SYMBOL RHO
  ["\u237A", "a"], // ⍺ APL FUNCTIONAL SYMBOL ALPHA
  ["\u23FD", "l"], // ⏽ POWER ON SYMBOL
  ["\u3007", "O"], // 〇 IDEOGRAPHIC NUMBER ZERO
  // Focal additions: look-alikes whose TS #39 prototype is not ASCII (small capitals, ĸ, ᴛ, ɛ…) or stroke letters NFD does not decompose: 88
  ["\u00D8", "O"], // Ø LATIN CAPITAL LETTER O WITH STROKE
  ["\u00DF", "ss"], // ß LATIN SMALL LETTER SHARP S
  ["\u00F0", "d"], // ð LATIN SMALL LETTER ETH
  ["\u00F8", "o"], // ø LATIN SMALL LETTER O WITH STROKE
  ["\u0110", "D"], // Đ LATIN CAPITAL LETTER D WITH STROKE
  ["\u0111", "d"], // đ LATIN SMALL LETTER D WITH STROKE
  ["\u0126", "H"], // Ħ LATIN CAPITAL LETTER H WITH STROKE
  ["\u0127", "h"], // ħ LATIN SMALL LETTER H WITH STROKE
  ["\u0141", "L"], // Ł LATIN CAPITAL LETTER L WITH STROKE
  ["\u0142", "l"], // ł LATIN SMALL LETTER L WITH STROKE
  ["\u0166", "T"], // Ŧ LATIN CAPITAL LETTER T WITH STROKE
  ["\u0167", "t"], // ŧ LATIN SMALL LETTER T WITH STROKE
  ["\u0180", "b"], // ƀ LATIN SMALL LETTER B WITH STROKE
  ["\u0188", "c"], // ƈ LATIN SMALL LETTER C WITH HOOK
  ["\u0192", "f"], // ƒ LATIN SMALL LETTER F WITH HOOK
  ["\u0197", "I"], // Ɨ LATIN CAPITAL LETTER I WITH STROKE
  ["\u0199", "k"], // ƙ LATIN SMALL LETTER K WITH HOOK
  ["\u01A5", "p"], // ƥ LATIN SMALL LETTER P WITH HOOK
  ["\u01AD", "t"], // ƭ LATIN SMALL LETTER T WITH HOOK
  ["\u01B4", "y"], // ƴ LATIN SMALL LETTER Y WITH HOOK
  ["\u01B6", "z"], // ƶ LATIN SMALL LETTER Z WITH STROKE
  ["\u01E5", "g"], // ǥ LATIN SMALL LETTER G WITH STROKE
  ["\u0225", "z"], // ȥ LATIN SMALL LETTER Z WITH HOOK
  ["\u0237", "j"], // ȷ LATIN SMALL LETTER DOTLESS J
  ["\u0240", "z"], // ɀ LATIN SMALL LETTER Z WITH SWASH TAIL
  ["\u024D", "r"], // ɍ LATIN SMALL LETTER R WITH STROKE
  ["\u024F", "y"], // ɏ LATIN SMALL LETTER Y WITH STROKE
  ["\u0250", "a"], // ɐ LATIN SMALL LETTER TURNED A
  ["\u0252", "a"], // ɒ LATIN SMALL LETTER TURNED ALPHA
  ["\u0253", "b"], // ɓ LATIN SMALL LETTER B WITH HOOK
  ["\u0257", "d"], // ɗ LATIN SMALL LETTER D WITH HOOK
  ["\u025B", "e"], // ɛ LATIN SMALL LETTER OPEN E
  ["\u0262", "g"], // ɢ LATIN LETTER SMALL CAPITAL G
  ["\u0266", "h"], // ɦ LATIN SMALL LETTER H WITH HOOK
  ["\u0268", "i"], // ɨ LATIN SMALL LETTER I WITH STROKE
  ["\u0271", "m"], // ɱ LATIN SMALL LETTER M WITH HOOK
  ["\u0273", "n"], // ɳ LATIN SMALL LETTER N WITH RETROFLEX HOOK
  ["\u0274", "n"], // ɴ LATIN LETTER SMALL CAPITAL N
  ["\u0275", "o"], // ɵ LATIN SMALL LETTER BARRED O
  ["\u027C", "r"], // ɼ LATIN SMALL LETTER R WITH LONG LEG
  ["\u027E", "r"], // ɾ LATIN SMALL LETTER R WITH FISHHOOK
  ["\u0280", "r"], // ʀ LATIN LETTER SMALL CAPITAL R
  ["\u0282", "s"], // ʂ LATIN SMALL LETTER S WITH HOOK
  ["\u0288", "t"], // ʈ LATIN SMALL LETTER T WITH RETROFLEX HOOK
  ["\u0289", "u"], // ʉ LATIN SMALL LETTER U BAR
  ["\u0299", "b"], // ʙ LATIN LETTER SMALL CAPITAL B
  ["\u029C", "h"], // ʜ LATIN LETTER SMALL CAPITAL H
  ["\u029F", "l"], // ʟ LATIN LETTER SMALL CAPITAL L
  ["\u02A0", "q"], // ʠ LATIN SMALL LETTER Q WITH HOOK
  ["\u03B2", "b"], // β GREEK SMALL LETTER BETA
  ["\u03B5", "e"], // ε GREEK SMALL LETTER EPSILON
  ["\u03B7", "n"], // η GREEK SMALL LETTER ETA
  ["\u03BA", "k"], // κ GREEK SMALL LETTER KAPPA
  ["\u03BC", "u"], // μ GREEK SMALL LETTER MU
  ["\u03C0", "n"], // π GREEK SMALL LETTER PI
  ["\u03C2", "c"], // ς GREEK SMALL LETTER FINAL SIGMA
  ["\u03C4", "t"], // τ GREEK SMALL LETTER TAU
  ["\u03C7", "x"], // χ GREEK SMALL LETTER CHI
  ["\u03C9", "w"], // ω GREEK SMALL LETTER OMEGA
  ["\u0404", "E"], // Є CYRILLIC CAPITAL LETTER UKRAINIAN IE
  ["\u0428", "W"], // Ш CYRILLIC CAPITAL LETTER SHA
  ["\u0432", "b"], // в CYRILLIC SMALL LETTER VE
  ["\u043A", "k"], // к CYRILLIC SMALL LETTER KA
  ["\u043C", "m"], // м CYRILLIC SMALL LETTER EM
  ["\u043D", "h"], // н CYRILLIC SMALL LETTER EN
  ["\u043F", "n"], // п CYRILLIC SMALL LETTER PE
  ["\u0442", "t"], // т CYRILLIC SMALL LETTER TE
  ["\u0448", "w"], // ш CYRILLIC SMALL LETTER SHA
  ["\u044C", "b"], // ь CYRILLIC SMALL LETTER SOFT SIGN
  ["\u0454", "e"], // є CYRILLIC SMALL LETTER UKRAINIAN IE
  ["\u0472", "O"], // Ѳ CYRILLIC CAPITAL LETTER FITA
  ["\u0473", "o"], // ѳ CYRILLIC SMALL LETTER FITA
  ["\u0511", "e"], // ԑ CYRILLIC SMALL LETTER REVERSED ZE
  ["\u0575", "j"], // յ ARMENIAN SMALL LETTER YI
  ["\u1D00", "a"], // ᴀ LATIN LETTER SMALL CAPITAL A
  ["\u1D05", "d"], // ᴅ LATIN LETTER SMALL CAPITAL D
  ["\u1D07", "e"], // ᴇ LATIN LETTER SMALL CAPITAL E
  ["\u1D0A", "j"], // ᴊ LATIN LETTER SMALL CAPITAL J
  ["\u1D0B", "k"], // ᴋ LATIN LETTER SMALL CAPITAL K
  ["\u1D0D", "m"], // ᴍ LATIN LETTER SMALL CAPITAL M
  ["\u1D18", "p"], // ᴘ LATIN LETTER SMALL CAPITAL P
  ["\u1D1B", "t"], // ᴛ LATIN LETTER SMALL CAPITAL T
  ["\u1D29", "p"], // ᴩ GREEK LETTER SMALL CAPITAL RHO
  ["\u1E9E", "SS"], // ẞ LATIN CAPITAL LETTER SHARP S
  ["\uA668", "O"], // Ꙩ CYRILLIC CAPITAL LETTER MONOCULAR O
  ["\uA669", "o"], // ꙩ CYRILLIC SMALL LETTER MONOCULAR O
  ["\uA730", "f"], // ꜰ LATIN LETTER SMALL CAPITAL F
  ["\uA7AF", "q"], // ꞯ LATIN LETTER SMALL CAPITAL Q
  ["\u051A", "Q"], // Ԛ CYRILLIC CAPITAL LETTER QA
  ["\u051B", "q"], // ԛ CYRILLIC SMALL LETTER QA
  ["\u051C", "W"], // Ԝ CYRILLIC CAPITAL LETTER WE
  ["\u051D", "w"], // ԝ CYRILLIC SMALL LETTER WE
]);
