// A few-shot agent nobody tuned the local sensor on: a card desk of 15 scenarios with five entry
// examples each, several of them siblings that share most of their words (a card that has not arrived
// / how long a card takes, a failed top-up / a top-up by transfer, a missing refund / a missing
// transfer), and messages written apart from the examples — four per scenario and 15 out of scope.
// local-entry-precision.test.ts plays them as first turns behind a model that routes correctly.

interface FewShotScenario {
  key: string;
  examples: string[];
  /** Customers' first messages that belong to this scenario; none is an example. */
  messages: string[];
}

export const CARD_DESK: readonly FewShotScenario[] = [
  {
    key: "card_not_arrived",
    examples: [
      "my new card still hasn't come",
      "I ordered a card two weeks ago and it never arrived",
      "where is my card, it should be here by now",
      "the card you sent me hasn't shown up",
      "still waiting for my debit card to be delivered",
    ],
    messages: [
      "it's been three weeks and no card in the post",
      "my replacement card never turned up",
      "I haven't received the card I ordered",
      "card not delivered yet, what's going on",
    ],
  },
  {
    key: "card_delivery_time",
    examples: [
      "how long does it take to get a new card",
      "when will my card be delivered",
      "how many days until a card arrives after ordering",
      "what is the delivery time for a replacement card",
      "how soon can I expect my new card",
    ],
    messages: [
      "how long will shipping take for the card",
      "if I order a card today when does it come",
      "what's the usual wait for a new debit card",
      "how quickly are cards delivered",
    ],
  },
  {
    key: "card_lost",
    examples: [
      "I lost my card",
      "my wallet was stolen with my card in it",
      "someone stole my bank card",
      "I can't find my card anywhere",
      "please block my card, it's missing",
    ],
    messages: [
      "my purse got stolen and the card was inside",
      "I think I left my card at the restaurant and it's gone",
      "report a stolen card",
      "my card is lost, freeze it please",
    ],
  },
  {
    key: "card_broken",
    examples: [
      "my card is damaged and won't work in machines",
      "the chip on my card is broken",
      "my card snapped in half",
      "the card is cracked and the terminal can't read it",
      "my card got bent and stopped working",
    ],
    messages: [
      "the magnetic strip is worn out",
      "the chip is scratched and shops can't read it",
      "my card broke, I need a new one",
      "card physically damaged",
    ],
  },
  {
    key: "card_activation",
    examples: [
      "how do I activate my new card",
      "I want to activate the card I received",
      "where do I turn on my card in the app",
      "my card needs activating",
      "help me activate my card",
    ],
    messages: [
      "the new card came, how do I start using it",
      "activation of my debit card",
      "how to switch on a newly delivered card",
      "can you activate my card for me",
    ],
  },
  {
    key: "pin_change",
    examples: [
      "how can I change my pin",
      "I want a new pin for my card",
      "can I reset my pin number",
      "I forgot my pin and need to set another one",
      "update my card pin",
    ],
    messages: [
      "where do I change the pin code",
      "I'd like to pick a different pin",
      "reset pin please",
      "how to set a new pin at the atm",
    ],
  },
  {
    key: "top_up_failed",
    examples: [
      "my top up didn't go through",
      "I tried to add money but the top up failed",
      "why was my top up rejected",
      "the top up shows as failed in the app",
      "adding funds to my account keeps failing",
    ],
    messages: [
      "top-up error when I add money with my card",
      "couldn't top up, it says declined",
      "my attempt to load money failed",
      "why does topping up not work",
    ],
  },
  {
    key: "top_up_bank_transfer",
    examples: [
      "can I top up by bank transfer",
      "how do I add money from my bank account",
      "I want to fund my account with a transfer",
      "what are the details to top up via transfer",
      "how long does a top up by bank transfer take",
    ],
    messages: [
      "add money to my balance using a transfer from another bank",
      "bank details for topping up",
      "is it possible to load funds with a wire transfer",
      "transfer money in from my other account",
    ],
  },
  {
    key: "exchange_rate",
    examples: [
      "what exchange rate do you use",
      "how much is a dollar in euros today",
      "what is your rate for converting pounds",
      "is the exchange rate good when I pay abroad",
      "tell me the current currency conversion rate",
    ],
    messages: [
      "what rate will I get for yen",
      "how do you calculate currency conversion",
      "euro to dollar rate please",
      "do you use the interbank rate",
    ],
  },
  {
    key: "atm_fee",
    examples: [
      "why was I charged for taking out cash",
      "is there a fee for using an atm",
      "how much does it cost to withdraw money",
      "I got a fee on my cash withdrawal",
      "are atm withdrawals free",
    ],
    messages: [
      "cash machine charge on my statement",
      "what do you charge for withdrawing cash abroad",
      "there's an extra charge after I used the atm",
      "withdrawal fee explanation",
    ],
  },
  {
    key: "payment_declined",
    examples: [
      "my card payment was declined",
      "why did the shop reject my card",
      "my payment didn't go through at the store",
      "the card was refused when I tried to pay online",
      "why is my card being declined",
    ],
    messages: [
      "payment failed at the checkout",
      "the restaurant said my card was declined",
      "online purchase refused",
      "why can't I pay with my card in shops",
    ],
  },
  {
    key: "refund_missing",
    examples: [
      "I'm still waiting for a refund from a merchant",
      "the shop refunded me but I don't see the money",
      "where is my refund",
      "my refund hasn't appeared in my account",
      "a store said they sent a refund but it's not here",
    ],
    messages: [
      "the merchant says the refund was processed a week ago",
      "refund not showing on my statement",
      "when will the refund reach my account",
      "missing refund from an online shop",
    ],
  },
  {
    key: "transfer_missing",
    examples: [
      "my friend sent me money but it hasn't arrived",
      "the transfer I was expecting is not in my account",
      "where is the money someone transferred to me",
      "a bank transfer to me is missing",
      "I'm waiting for an incoming transfer that never came",
    ],
    messages: [
      "my salary transfer didn't arrive",
      "money sent to me two days ago still not here",
      "incoming payment missing",
      "someone paid me but I can't see it",
    ],
  },
  {
    key: "account_closure",
    examples: [
      "I want to close my account",
      "how do I delete my account",
      "please cancel my account",
      "I'd like to stop using your bank and close everything",
      "terminate my account",
    ],
    messages: [
      "shut down my account please",
      "how can I close this account permanently",
      "remove my account",
      "I'm leaving, close my account",
    ],
  },
  {
    key: "details_update",
    examples: [
      "how do I change my address",
      "I need to update my phone number",
      "I moved house and want to change my details",
      "can I edit my personal information",
      "my surname changed, how do I update it",
    ],
    messages: [
      "update my email address",
      "change the address on my profile",
      "I have a new phone number",
      "correct my date of birth",
    ],
  },
];

export const CARD_DESK_OUT_OF_SCOPE: readonly string[] = [
  "what's the weather like tomorrow",
  "book me a table for two tonight",
  "how tall is mount everest",
  "play some jazz music",
  "what time is it in tokyo",
  "tell me a joke",
  "can you recommend a good movie",
  "how do I bake sourdough bread",
  "what is the capital of australia",
  "set an alarm for 7am",
  "translate hello into spanish",
  "who won the football match yesterday",
  "how many calories are in an apple",
  "remind me to call my mum",
  "what's a good name for a dog",
];

/** The desk as a bundle: one scenario per key, one open step each, named after the key. */
export function cardDeskBundle() {
  const nameOf = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return {
    focal_bundle: 1,
    agent: { key: "card-desk", name: "Card desk" },
    scenarios: CARD_DESK.map((s) => ({
      key: s.key,
      name: nameOf(s.key),
      intent_label: s.key,
      entry_examples: s.examples,
      entry_step: "help",
      steps: [{ key: "help", name: "Help", instructions: `Help the customer: ${nameOf(s.key).toLowerCase()}.` }],
    })),
  };
}
