/** The safe-trading guide (app/routes/help/guides.safe-trading.tsx). English: the specification's words, cut around links and bold words. */

export const metaTitle = 'Guide: safe trading';
export const description = 'Stay safe buying and selling in Kenya: meet in public, never pay a deposit before seeing the item, check logbooks with NTSA and land at the Ministry of Lands, and spot fake M-Pesa messages.';
export const title = 'Safe trading';
export const lead = 'Most people on Soko are honest, but scammers target every marketplace. These habits protect your money and your safety.';
export const goldenRule = 'The golden rule';
export const goldenRuleBold = 'Never pay a deposit, booking fee or “transport fee” before you have seen the item.';
export const goldenRuleText = 'Inspect it, then pay. A real seller will wait for you to come and look.';

export const meetingHeading = 'Meeting safely';
export const meeting1 = 'Meet in a busy public place in daylight: a shopping mall, a bank banking hall, or outside a police station.';
export const meeting2 = 'Bring a friend or relative, and tell someone where you are going and who you are meeting.';
export const meeting3 = 'Do not carry large amounts of cash. Pay by M-Pesa or bank transfer once you are happy with the item.';
export const meeting4 = 'For large items you must view at a home or yard, go with someone and leave if anything feels wrong.';
export const meeting5 = 'Sellers: do not invite strangers into your home alone, and do not hand over the item before the money has arrived.';

export const beforePayHeading = 'Before you pay';
export const beforePay1 = 'Inspect the item and test it: switch the phone on, make a call, check the charger, drive the car.';
export const beforePay2 = 'For phones, check the IMEI (dial *#06#) matches the box and that the phone is not locked to another account.';
export const beforePay3 = 'Ask for a receipt or written sale agreement with the seller’s name and ID number for anything valuable.';
export const beforePay4 = 'If the price is far below what similar items sell for, ask yourself why.';

export const vehicleHeading = 'Buying a car or motorbike';
export const vehicle1 = 'Ask for the logbook and run an official motor vehicle search on the NTSA portal on eCitizen. Check that the owner’s name matches the seller’s ID and that there is no bank or lender listed as a joint owner.';
export const vehicle2 = 'Check that the chassis and engine numbers on the vehicle match the logbook.';
export const vehicle3 = 'Have a mechanic you trust inspect it, and do the transfer of ownership through NTSA before or at payment.';

export const propertyHeading = 'Buying land or a house, or renting';
export const property1 = 'Do an official land search at the Ministry of Lands (through Ardhisasa or eCitizen, or at the lands registry) to confirm who owns the title deed and whether it is charged to a bank or has a caution on it.';
export const property2 = 'Visit the plot yourself, talk to neighbours, and use an advocate for the sale agreement and transfer.';
export const property3 = 'For rentals, never pay a “viewing fee” or deposit before you have seen the house and confirmed the person is the landlord or their real agent.';

export const scamsHeading = 'Common scams and how to spot them';
export const fakeMpesaHeading = 'Fake M-Pesa confirmation messages';
export const fakeMpesa = 'A buyer “pays” and you receive an SMS that looks like an M-Pesa confirmation, but it came from an ordinary phone number, not from MPESA. ';
export const fakeMpesaBold = 'Check your M-Pesa balance or statement, not the message.';
export const fakeMpesaAfter = 'Dial *334# or open the M-PESA app and confirm the money is really there before you hand anything over.';
export const mistakeHeading = '“I sent money to you by mistake”';
export const mistake = 'Someone sends you a message (often fake) saying they sent you money by mistake, then calls begging you to send it back. Check your real M-Pesa balance. Do not send anything back yourself: a genuine mistake is reversed by Safaricom when the sender asks them to. Tell the caller to contact Safaricom.';
export const depositsHeading = 'Deposits for items you have not seen';
export const deposits = 'A “seller” with a great price says they are upcountry or abroad and asks for a deposit, a delivery fee or a clearing fee at the port before they send the item. The item never comes. Never pay before you see it.';
export const jobsHeading = 'Fake job offers that ask for fees';
export const jobs = 'Real employers do not charge for applications, interviews, medical tests, uniforms or training. If a job ad asks for money first, it is a scam. For jobs abroad, check that the recruitment agency is registered with the National Employment Authority (NEA).';
export const overpaymentHeading = 'Overpayment scams';
export const overpayment = 'A buyer “accidentally” pays you more than the price, by cheque or a transfer that is not yet cleared, and asks you to send the difference back. The original payment later bounces or is reversed and you lose the item and the “change”. Refuse overpayments and ask for the exact amount.';
export const codesHeading = 'Requests for codes, PINs and passwords';
export const codes = 'No buyer needs your M-Pesa PIN, a code sent to your phone, or your Soko password. Soko staff will never ask for them either. Anyone who does is trying to take over your account or your money.';

export const wrongHeading = 'If something goes wrong';
export const wrong1 = 'Stop all contact and do not send more money to “recover” what you lost.';
export const wrong2 = 'If M-Pesa was used, call Safaricom customer care on 100 straight away.';
export const wrong3 = 'Report it at the nearest police station and keep the messages, numbers and receipts as evidence.';
export const tellUs = 'Tell us';
export const wrong4 = ' with the link to the ad, so we can remove it and warn others.';
