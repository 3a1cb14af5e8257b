import { describe, expect, it } from 'vitest';
import {
  MAX_PLEDGE_MINOR,
  MIN_PLEDGE_MINOR,
  amountsMatch,
  commuteCostPerTripMinor,
  commuteDistance,
  commuteMeasure,
  commuteRateText,
  commutePledgeFigures,
  commuteWeeklyMinor,
  formatDistance,
  formatInMinorUnits,
  parkingError,
  parseFrequency,
  periodAmountMinor,
  pledgeAboveMaximumMessage,
  pledgeTotalError,
  pledgeTotalMinor,
  remainingWeeksWord,
  splitPayments,
  weeklyAmountMinor,
  weeklyShareMinor,
} from './calculator.ts';

const KM = 0.375; // NZ: a km at 37.5c
const MILE = 0.45; // UK: a mile at 45p

describe("product-rules §9's four examples (four remaining weeks)", () => {
  it('5 coffees a week at 3.50 gives 70', () => {
    expect(pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: 350, period: 'weekly', remainingWeeks: 4 })).toBe(7000);
  });

  it('2 takeaways a week at 20 gives 160', () => {
    expect(pledgeTotalMinor({ numberOfUnits: 2, costPerUnitMinor: 2000, period: 'weekly', remainingWeeks: 4 })).toBe(16000);
  });

  it('an 8 km commute 10 times a week (no parking) gives 120 (NZ)', () => {
    const figures = commutePledgeFigures({ distance: 8, tripsPerWeek: 10, weeklyParkingMinor: 0, costPerDistanceUnit: KM });
    expect(figures).toEqual({ numberOfUnits: 10, costPerUnitMinor: 300, period: 'weekly' });
    expect(commuteWeeklyMinor({ distance: 8, tripsPerWeek: 10, weeklyParkingMinor: 0, costPerDistanceUnit: KM })).toBe(3000);
    expect(pledgeTotalMinor({ ...figures, remainingWeeks: 4 })).toBe(12000);
  });

  it('a 5-mile commute 10 times a week (no parking) gives 90 (UK, 45p a mile)', () => {
    const figures = commutePledgeFigures({ distance: 5, tripsPerWeek: 10, weeklyParkingMinor: 0, costPerDistanceUnit: commuteMeasure('UK').costPerUnit });
    expect(figures).toEqual({ numberOfUnits: 10, costPerUnitMinor: 225, period: 'weekly' });
    expect(pledgeTotalMinor({ ...figures, remainingWeeks: 4 })).toBe(9000);
  });

  it('6 lunches a month at 15 gives 90', () => {
    expect(weeklyAmountMinor({ numberOfUnits: 6, costPerUnitMinor: 1500, period: 'monthly' })).toBe(2250);
    expect(pledgeTotalMinor({ numberOfUnits: 6, costPerUnitMinor: 1500, period: 'monthly', remainingWeeks: 4 })).toBe(9000);
  });
});

describe('parseFrequency', () => {
  it('takes whole numbers written in digits', () => {
    expect(parseFrequency('5')).toBe(5);
    expect(parseFrequency('0')).toBe(0);
    expect(parseFrequency('012')).toBe(12);
  });

  it('treats anything else as 0', () => {
    for (const s of ['', '2.5', '-1', '1e3', ' 5', '5 ', 'five', '0x10', '+5', '99999999999999999999']) {
      expect(parseFrequency(s), s).toBe(0);
    }
  });
});

describe('weeklyAmountMinor', () => {
  it('is exact when weekly, and a monthly amount ÷ 4 rounded half-up to the cent', () => {
    expect(weeklyAmountMinor({ numberOfUnits: 5, costPerUnitMinor: 350, period: 'weekly' })).toBe(1750);
    expect(weeklyAmountMinor({ numberOfUnits: 3, costPerUnitMinor: 333, period: 'monthly' })).toBe(250); // 249.75
    expect(weeklyAmountMinor({ numberOfUnits: 1, costPerUnitMinor: 350, period: 'monthly' })).toBe(88); // 87.5, a half: up
    expect(weeklyAmountMinor({ numberOfUnits: 1, costPerUnitMinor: 349, period: 'monthly' })).toBe(87); // 87.25
  });

  it('starts from the amount of one period, units × cost', () => {
    expect(periodAmountMinor({ numberOfUnits: 6, costPerUnitMinor: 1500 })).toBe(9000);
    expect(periodAmountMinor({ numberOfUnits: 0, costPerUnitMinor: 1500 })).toBe(0);
  });
});

describe('weeklyShareMinor', () => {
  it('is the total over the weeks, rounded half-up to the cent; 0 with no weeks', () => {
    expect(weeklyShareMinor(7000, 4)).toBe(1750);
    expect(weeklyShareMinor(10000, 3)).toBe(3333); // 3333.33…
    expect(weeklyShareMinor(20000, 3)).toBe(6667); // 6666.66…
    expect(weeklyShareMinor(1002, 4)).toBe(251); // 250.5, a half: up
    expect(weeklyShareMinor(1000, 0)).toBe(0);
    expect(weeklyShareMinor(NaN, 4)).toBeNaN();
  });
});

describe('pledgeTotalMinor', () => {
  it('multiplies by the remaining weeks', () => {
    const coffee = { numberOfUnits: 5, costPerUnitMinor: 350, period: 'weekly' as const };
    expect(pledgeTotalMinor({ ...coffee, remainingWeeks: 3 })).toBe(5250);
    expect(pledgeTotalMinor({ ...coffee, remainingWeeks: 1 })).toBe(1750);
    expect(pledgeTotalMinor({ ...coffee, remainingWeeks: 0 })).toBe(0);
  });

  it('rounds once, half-up, at the end', () => {
    // 3 × 3.33 × 3 weeks ÷ 4 = 7.4925 -> 7.49
    expect(pledgeTotalMinor({ numberOfUnits: 3, costPerUnitMinor: 333, period: 'monthly', remainingWeeks: 3 })).toBe(749);
    // 1 × 3.50 × 1 ÷ 4 = 0.875 -> 0.88
    expect(pledgeTotalMinor({ numberOfUnits: 1, costPerUnitMinor: 350, period: 'monthly', remainingWeeks: 1 })).toBe(88);
    // 1 × 0.10 × 1 ÷ 4 = 0.025 -> 0.03 (a half rounds up)
    expect(pledgeTotalMinor({ numberOfUnits: 1, costPerUnitMinor: 10, period: 'monthly', remainingWeeks: 1 })).toBe(3);
    // Rounding the weekly amount first would give 3 × 87.5 -> 88 × 3 = 264; once at the end: 262.5 -> 263
    expect(pledgeTotalMinor({ numberOfUnits: 1, costPerUnitMinor: 350, period: 'monthly', remainingWeeks: 3 })).toBe(263);
  });

  it('is NaN for inputs that are not numbers, so the step is blocked', () => {
    const total = pledgeTotalMinor({ numberOfUnits: NaN, costPerUnitMinor: 350, period: 'weekly', remainingWeeks: 4 });
    expect(total).toBeNaN();
    expect(pledgeTotalError(total, 'NZ')).not.toBeNull();
  });

  it('is NaN for a cost that is not an amount (parseAmountInput gave null)', () => {
    const total = pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: null, period: 'weekly', remainingWeeks: 4 });
    expect(total).toBeNaN();
    expect(pledgeTotalError(total, 'UK')).toBe('Please ensure your pledge is at least £10');
  });
});

describe('commutes', () => {
  it('measures NZ commutes in km at 0.375 a km and UK commutes in miles at 0.45 a mile', () => {
    expect(commuteMeasure('NZ')).toEqual({ unit: 'km', units: 'km', costPerUnit: 0.375 });
    expect(commuteMeasure('UK')).toEqual({ unit: 'mile', units: 'miles', costPerUnit: 0.45 });
    expect(commuteRateText('NZ')).toBe('37.5c a km');
    expect(commuteRateText('UK')).toBe('45p a mile');
    expect(formatDistance(8, 'NZ')).toBe('8 km');
    expect(formatDistance(1, 'NZ')).toBe('1 km');
    expect(formatDistance(1, 'UK')).toBe('1 mile');
    expect(formatDistance(5, 'UK')).toBe('5 miles');
    expect(formatDistance(2.5, 'UK')).toBe('2.5 miles');
  });

  it('prices a trip by distance × cost per unit of distance, exactly', () => {
    expect(commuteCostPerTripMinor({ distance: 1, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: KM })).toBe(38); // 37.5 -> 38
    expect(commuteCostPerTripMinor({ distance: 12.5, tripsPerWeek: 5, weeklyParkingMinor: 0, costPerDistanceUnit: KM })).toBe(469); // 468.75
    expect(commuteCostPerTripMinor({ distance: 8, tripsPerWeek: 10, weeklyParkingMinor: 0, costPerDistanceUnit: 0.5 })).toBe(400);
    // UK miles at 45p: 1 mile is 45p, 12.5 miles 562.5p -> 563, 0.333 miles 14.985p -> 15, 1.111 miles 49.995p -> 50
    expect(commuteCostPerTripMinor({ distance: 1, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: MILE })).toBe(45);
    expect(commuteCostPerTripMinor({ distance: 12.5, tripsPerWeek: 5, weeklyParkingMinor: 0, costPerDistanceUnit: MILE })).toBe(563);
    expect(commuteCostPerTripMinor({ distance: 0.333, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: MILE })).toBe(15);
    expect(commuteCostPerTripMinor({ distance: 1.111, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: MILE })).toBe(50);
    // 3 miles × 45p = 1.35, plus £7.50 parking over 4 trips = 1.875 -> 3.23 a trip
    expect(commuteCostPerTripMinor({ distance: 3, tripsPerWeek: 4, weeklyParkingMinor: 750, costPerDistanceUnit: MILE })).toBe(323);
  });

  it('spreads weekly parking over the trips, rounded to the cent', () => {
    // 8 km × 0.375 = 3.00, plus 10.00 parking over 3 trips = 3.333… -> 6.33 a trip
    const commute = { distance: 8, tripsPerWeek: 3, weeklyParkingMinor: 1000, costPerDistanceUnit: KM };
    expect(commuteCostPerTripMinor(commute)).toBe(633);
    expect(commuteWeeklyMinor(commute)).toBe(1899); // what the pledge stores and the server recomputes
    expect(commuteCostPerTripMinor({ distance: 8, tripsPerWeek: 10, weeklyParkingMinor: 2500, costPerDistanceUnit: KM })).toBe(550);
    expect(commuteCostPerTripMinor({ distance: 0, tripsPerWeek: 2, weeklyParkingMinor: 1, costPerDistanceUnit: KM })).toBe(1); // 0.5 -> 1
  });

  it('is NaN when the parking is not an amount', () => {
    expect(commuteCostPerTripMinor({ distance: 8, tripsPerWeek: 3, weeklyParkingMinor: null, costPerDistanceUnit: KM })).toBeNaN();
    expect(commutePledgeFigures({ distance: 8, tripsPerWeek: 3, weeklyParkingMinor: null, costPerDistanceUnit: KM }).costPerUnitMinor).toBeNaN();
  });

  it('reads the cost of a stored trip back as a distance, to the metre', () => {
    expect(commuteDistance(300, KM)).toBe(8); // the 8 km commute of docs/product-rules.md §9
    expect(commuteDistance(38, KM)).toBe(1.013); // 1 km was rounded up to 38c: 1013.33 m
    expect(commuteDistance(400, KM)).toBe(10.667); // 10666.67 m
    expect(commuteDistance(469, KM)).toBe(12.507); // 12506.67 m
    expect(commuteDistance(400, 0.5)).toBe(8);
    expect(commuteDistance(0, KM)).toBe(0);
  });

  it('reads a UK trip back in miles, to the thousandth of a mile, and prices it again to the same pence', () => {
    expect(commuteDistance(225, MILE)).toBe(5); // the 5-mile commute at 45p
    expect(commuteDistance(45, MILE)).toBe(1);
    expect(commuteDistance(563, MILE)).toBe(12.511); // 12.5 miles was rounded up to 563p
    // A UK pledge stored before miles (8 km at 37.5p = 300p a trip) still costs 300p a trip: 6.667 miles.
    expect(commuteDistance(300, MILE)).toBe(6.667);
    for (const minor of [0, 1, 15, 45, 225, 300, 323, 563, 999, 12345]) {
      const distance = commuteDistance(minor, MILE);
      expect(commuteCostPerTripMinor({ distance, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: MILE }), String(minor)).toBe(minor);
      const km = commuteDistance(minor, KM);
      expect(commuteCostPerTripMinor({ distance: km, tripsPerWeek: 1, weeklyParkingMinor: 0, costPerDistanceUnit: KM }), String(minor)).toBe(minor);
    }
  });

  it('is 0 with no trips', () => {
    expect(commuteCostPerTripMinor({ distance: 8, tripsPerWeek: 0, weeklyParkingMinor: 1000, costPerDistanceUnit: KM })).toBe(0);
    expect(commuteWeeklyMinor({ distance: 8, tripsPerWeek: 0, weeklyParkingMinor: 1000, costPerDistanceUnit: KM })).toBe(0);
  });

  it('asks about parking until the box is ticked or a cost is entered', () => {
    const msg = "Please check the box if you don't pay for parking";
    expect(parkingError({ noParking: false, parkingMinor: 0 })).toBe(msg);
    expect(parkingError({ noParking: false, parkingMinor: NaN })).toBe(msg);
    expect(parkingError({ noParking: false, parkingMinor: null })).toBe(msg);
    expect(parkingError({ noParking: true, parkingMinor: null })).toBeNull();
    expect(parkingError({ noParking: true, parkingMinor: 0 })).toBeNull();
    expect(parkingError({ noParking: false, parkingMinor: 500 })).toBeNull();
  });
});

describe('formatInMinorUnits', () => {
  it("writes a price of less than a unit in the country's minor unit, exactly", () => {
    expect(formatInMinorUnits(0.375, 'NZ')).toBe('37.5c');
    expect(formatInMinorUnits(0.375, 'UK')).toBe('37.5p');
    expect(formatInMinorUnits(0.05, 'NZ')).toBe('5c');
    expect(formatInMinorUnits(0.1, 'UK')).toBe('10p');
    expect(formatInMinorUnits(0.07, 'NZ')).toBe('7c'); // 0.07 × 100 is 7.000000000000001
    expect(formatInMinorUnits(0.1234, 'NZ')).toBe('12.34c');
    expect(formatInMinorUnits(1.5, 'NZ')).toBe('150c');
    expect(formatInMinorUnits(0, 'UK')).toBe('0p');
    expect(formatInMinorUnits(12.5, 'NZ')).toBe('1250c');
    expect(() => formatInMinorUnits(-1, 'NZ')).toThrow('Not a price: -1');
  });

  it('refuses a negative or unreadable price', () => {
    expect(() => formatInMinorUnits(-0.375, 'NZ')).toThrow(RangeError);
    expect(() => formatInMinorUnits(NaN, 'NZ')).toThrow(RangeError);
    expect(() => formatInMinorUnits(1e-7, 'NZ')).toThrow(RangeError);
  });
});

describe('splitPayments', () => {
  it('splits equally, the last payment absorbing the rounding', () => {
    expect(splitPayments(10000, 3)).toEqual([3333, 3333, 3334]);
    expect(splitPayments(20000, 3)).toEqual([6667, 6667, 6666]);
    expect(splitPayments(7000, 4)).toEqual([1750, 1750, 1750, 1750]);
    expect(splitPayments(1001, 4)).toEqual([250, 250, 250, 251]);
    expect(splitPayments(1003, 4)).toEqual([251, 251, 251, 250]);
    expect(splitPayments(5250, 1)).toEqual([5250]);
    expect(splitPayments(5250, 0)).toEqual([]);
  });

  it('always sums to the total and never goes negative', () => {
    for (let total = 0; total <= 2000; total++) {
      for (let count = 1; count <= 4; count++) {
        const parts = splitPayments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.min(...parts)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(splitPayments(2, 4)).toEqual([0, 0, 0, 2]);
  });

  it('refuses nonsense', () => {
    expect(() => splitPayments(10.5, 2)).toThrow(RangeError);
    expect(() => splitPayments(-1, 2)).toThrow(RangeError);
    expect(() => splitPayments(1000, 1.5)).toThrow(RangeError);
    expect(() => splitPayments(1000, -1)).toThrow(RangeError);
  });
});

describe('remainingWeeksWord', () => {
  it('spells one to four', () => {
    expect([1, 2, 3, 4].map(remainingWeeksWord)).toEqual(['one', 'two', 'three', 'four']);
    expect(remainingWeeksWord(0)).toBe('zero');
    expect(remainingWeeksWord(5)).toBe('5');
  });
});

describe('pledgeTotalError', () => {
  it('needs at least 10 in local currency', () => {
    expect(MIN_PLEDGE_MINOR).toBe(1000);
    expect(pledgeTotalError(1000, 'NZ')).toBeNull();
    expect(pledgeTotalError(7000, 'UK')).toBeNull();
    expect(pledgeTotalError(999, 'NZ')).toBe('Please ensure your pledge is at least $10');
    expect(pledgeTotalError(999, 'UK')).toBe('Please ensure your pledge is at least £10');
    expect(pledgeTotalError(0, 'NZ')).toBe('Please ensure your pledge is at least $10');
  });

  it('has a ceiling of 10,000 in local currency, with a message naming it and who to ask', () => {
    expect(MAX_PLEDGE_MINOR).toBe(1_000_000);
    expect(pledgeAboveMaximumMessage('NZ')).toBe('Pledges above $10,000.00 need a conversation first: please email hello@uplift.org.nz');
    expect(pledgeAboveMaximumMessage('UK')).toBe('Pledges above £10,000.00 need a conversation first: please email hello@uplift.org.nz');
  });

  it('blocks a total that is not a number', () => {
    expect(pledgeTotalError(NaN, 'NZ')).toBe('Please ensure your pledge is at least $10');
    expect(pledgeTotalError(Infinity, 'UK')).toBe('Please ensure your pledge is at least £10');
  });
});

describe('amountsMatch', () => {
  it('allows a difference of one cent at most', () => {
    expect(amountsMatch(7000, 7000)).toBe(true);
    expect(amountsMatch(7001, 7000)).toBe(true);
    expect(amountsMatch(6999, 7000)).toBe(true);
    expect(amountsMatch(7002, 7000)).toBe(false);
    expect(amountsMatch(NaN, 7000)).toBe(false);
  });
});
