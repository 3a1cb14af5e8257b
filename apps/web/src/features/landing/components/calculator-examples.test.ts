import { describe, expect, it } from 'vitest';
import { calculatorExamples } from './calculator-examples';

describe('calculatorExamples', () => {
  it('works out product-rules §9’s four examples exactly', () => {
    expect(calculatorExamples('NZ').map((e) => [e.title, e.total])).toEqual([
      ['Coffees', '$70.00'],
      ['Food deliveries', '$160.00'],
      ['Commutes', '$120.00'],
      ['Lunches', '$90.00'],
    ]);
    expect(calculatorExamples('NZ')[2]).toMatchObject({ habit: 'An 8 km drive, 10 trips a week, at 37.5c a km', working: '$3.00 a trip, $30.00 a week × four weeks' });
    expect(calculatorExamples('UK').map((e) => e.total)).toEqual(['£70.00', '£160.00', '£90.00', '£90.00']);
  });

  it('shows the working in the country’s currency', () => {
    const [coffee, , commute, lunch] = calculatorExamples('UK');
    expect(coffee).toMatchObject({ habit: '5 coffees a week at £3.50', working: '£17.50 a week × four weeks', total: '£70.00' });
    // UK commutes are in miles at 45p a mile (product-rules §14): 5 miles, 10 trips.
    expect(commute).toMatchObject({ habit: 'A 5-mile drive, 10 trips a week, at 45p a mile', working: '£2.25 a trip, £22.50 a week × four weeks', total: '£90.00' });
    expect(lunch).toMatchObject({ habit: '6 lunches a month at £15.00', working: '£90.00 a month is £22.50 a week × four weeks', total: '£90.00' });
  });
});
