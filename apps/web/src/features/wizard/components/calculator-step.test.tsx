import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CALCULATOR, type CalculatorInput } from '../model/wizard-state';
import { CalculatorStep } from './calculator-step';

const challenges = {
  coffees: { name: 'Coffees', unit: 'coffees', kind: 'units' },
  takeaways: { name: 'Food deliveries', unit: 'deliveries', kind: 'units' },
  lunches: { name: 'Lunches', unit: 'lunches', kind: 'units' },
  commutes: { name: 'Commutes', unit: 'trips', kind: 'commute' },
};

function Harness({ challenge, country = 'NZ', remainingWeeks = 4 }: { challenge: keyof typeof challenges; country?: 'NZ' | 'UK'; remainingWeeks?: number }) {
  const [calculator, setCalculator] = useState<CalculatorInput>(EMPTY_CALCULATOR);
  const [touched, setTouched] = useState(false);
  return (
    <CalculatorStep
      challenge={challenges[challenge]}
      calculator={calculator}
      onChange={(next) => {
        setTouched(true);
        setCalculator(next);
      }}
      country={country}
      remainingWeeks={remainingWeeks}
      showErrors={touched}
    />
  );
}

const total = () => screen.getByTestId('pledge-total').textContent;

describe('the calculator reproduces product-rules §9’s examples (four weeks left)', () => {
  it('5 coffees a week at 3.50 gives 70', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '5');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '3.50');
    expect(total()).toBe('$70.00');
    expect(screen.getByText(/Paid in four weekly payments of \$17\.50/)).toBeInTheDocument();
    // 2.9% of 17.50 = 0.51 (half-up) + 0.30
    expect(screen.getByText(/about \$0\.81 of each payment/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('2 takeaways a week at 20 gives 160', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="takeaways" />);
    await user.type(screen.getByLabelText('Number of deliveries per week'), '2');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '20');
    expect(total()).toBe('$160.00');
  });

  it('an 8-km commute 10 times a week gives 120', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="commutes" />);
    await user.type(screen.getByLabelText('Distance of one trip (km)'), '8');
    await user.type(screen.getByLabelText(/Trips per week/), '10');
    await user.click(screen.getByLabelText("I don't pay for parking"));
    expect(total()).toBe('$120.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a 5-mile commute 10 times a week gives £90 in the UK, counted in miles at 45p', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="commutes" country="UK" />);
    expect(screen.queryByLabelText('Distance of one trip (km)')).not.toBeInTheDocument();
    expect(screen.getByText('Driving is counted at 45p a mile.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Distance of one trip (miles)'), '5');
    await user.type(screen.getByLabelText(/Trips per week/), '10');
    await user.click(screen.getByLabelText("I don't pay for parking"));
    expect(total()).toBe('£90.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts NZ driving at 37.5c a km', () => {
    render(<Harness challenge="commutes" />);
    expect(screen.getByText('Driving is counted at 37.5c a km.')).toBeInTheDocument();
  });

  it('6 lunches a month at 15 gives 90', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="lunches" />);
    await user.click(screen.getByLabelText('Monthly'));
    await user.type(screen.getByLabelText('Number of lunches per month'), '6');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '15');
    expect(total()).toBe('$90.00');
  });
});

describe('calculator messages (product-rules §5)', () => {
  it('asks for at least $10 in NZ and £10 in the UK', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '1');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '2');
    expect(total()).toBe('$8.00');
    expect(screen.getByRole('alert')).toHaveTextContent('Please ensure your pledge is at least $10');
    unmount();
    render(<Harness challenge="coffees" country="UK" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '1');
    await user.type(screen.getByLabelText('Cost of each one (£)'), '2');
    expect(screen.getByRole('alert')).toHaveTextContent('Please ensure your pledge is at least £10');
  });

  it('treats a frequency that is not a whole number as 0, and says so on the field alone', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '2.5');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '10');
    expect(total()).toBe('$0.00');
    // Not silently: the field says what is wrong with it, naming what it counts…
    expect(screen.getByLabelText('Number of coffees per week')).toHaveAccessibleDescription('Enter the number of coffees as a whole number, like 5');
    expect(screen.getByLabelText('Number of coffees per week')).toBeInvalid();
    // …and that one problem gets one message: no second 'at least $10' for the total it makes.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/at least \$10/)).not.toBeInTheDocument();
  });

  it('refuses an amount with more than two decimals with one message, on the field', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '5');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '3.505');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveAccessibleDescription('Enter the cost with at most two decimal places, like 3.50');
    expect(screen.queryByText(/at least \$10/)).not.toBeInTheDocument();
  });

  it('answers a cost below zero with its sign, not with "as a number"', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '5');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '-5');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveAccessibleDescription('Enter a cost of zero or more');
    expect(screen.queryByText(/at least \$10/)).not.toBeInTheDocument();
  });

  it('answers a negative parking cost, number or trips by their sign too', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness challenge="commutes" />);
    await user.type(screen.getByLabelText('Distance of one trip (km)'), '8');
    await user.type(screen.getByLabelText(/Trips per week/), '-10');
    await user.type(screen.getByLabelText('Parking per week ($)'), '-3');
    expect(screen.getByLabelText(/Trips per week/)).toHaveAccessibleDescription(/Enter a number of trips of zero or more/);
    expect(screen.getByLabelText('Parking per week ($)')).toHaveAccessibleDescription('Enter a parking cost of zero or more');
    // One message each: not also 'check the box' nor 'at least $10'.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '-5');
    expect(screen.getByLabelText('Number of coffees per week')).toHaveAccessibleDescription('Enter a number of coffees of zero or more');
  });

  it('asks a commuter to tick the box or enter parking', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="commutes" />);
    await user.type(screen.getByLabelText('Distance of one trip (km)'), '8');
    await user.type(screen.getByLabelText(/Trips per week/), '10');
    expect(screen.getByRole('alert')).toHaveTextContent("Please check the box if you don't pay for parking");
    await user.type(screen.getByLabelText('Parking per week ($)'), '10');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(total()).toBe('$160.00');
  });

  it('says how many weeks are left in words and splits the total over them', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" remainingWeeks={2} />);
    await user.type(screen.getByLabelText('Number of coffees per week'), '5');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '3.50');
    expect(total()).toBe('$35.00');
    expect(screen.getByText(/for the two weeks of payments left/)).toBeInTheDocument();
    expect(screen.getByText(/Paid in two weekly payments of \$17\.50/)).toBeInTheDocument();
  });

  it('says on each field what is wrong, naming it, instead of counting it silently as 0', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="coffees" />);
    await user.type(screen.getByLabelText('Number of coffees per week'), 'five');
    await user.type(screen.getByLabelText('Cost of each one ($)'), '$3,50');
    expect(screen.getByLabelText('Number of coffees per week')).toHaveAccessibleDescription('Enter the number of coffees as a whole number, like 5');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveAccessibleDescription('Enter the cost as a number, like 3.50');
    await user.clear(screen.getByLabelText('Number of coffees per week'));
    await user.type(screen.getByLabelText('Number of coffees per week'), '5');
    await user.clear(screen.getByLabelText('Cost of each one ($)'));
    await user.type(screen.getByLabelText('Cost of each one ($)'), '3.50');
    expect(screen.queryByText(/^Enter the/)).not.toBeInTheDocument();
    expect(total()).toBe('$70.00');
  });

  it('says on the commute fields what is wrong with trips and parking', async () => {
    const user = userEvent.setup();
    render(<Harness challenge="commutes" />);
    await user.type(screen.getByLabelText(/Trips per week/), '10 a week');
    await user.type(screen.getByLabelText('Parking per week ($)'), 'ten');
    expect(screen.getByLabelText(/Trips per week/)).toHaveAccessibleDescription(/Enter the trips per week as a whole number, like 10/);
    expect(screen.getByLabelText('Parking per week ($)')).toHaveAccessibleDescription('Enter the parking cost as a number, like 3.50');
  });

  it('Enter goes to the next field, and from the last one moves on', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <CalculatorStep
        challenge={challenges.coffees}
        calculator={{ ...EMPTY_CALCULATOR, frequency: '5', cost: '3.50' }}
        onChange={() => {}}
        country="NZ"
        remainingWeeks={4}
        showErrors={false}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByLabelText('Number of coffees per week'));
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('suggests the landing page’s example for the challenge as placeholders, typing nothing for the donor', () => {
    const shown = (challenge: { name: string; unit: string; kind: string; icon: string }, opts: { country?: 'NZ' | 'UK'; period?: 'weekly' | 'monthly' } = {}) => {
      cleanup();
      render(
        <CalculatorStep
          challenge={challenge}
          calculator={{ ...EMPTY_CALCULATOR, period: opts.period ?? 'weekly' }}
          onChange={() => {}}
          country={opts.country ?? 'NZ'}
          remainingWeeks={4}
          showErrors={false}
        />,
      );
    };
    // '5 coffees a week at $3.50' (product-rules §9), as the landing's slideshow shows it.
    shown({ ...challenges.coffees, icon: 'coffee' });
    expect(screen.getByLabelText('Number of coffees per week')).toHaveAttribute('placeholder', '5');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveAttribute('placeholder', '3.50');
    expect(screen.getByLabelText('Number of coffees per week')).toHaveValue('');
    expect(total()).toBe('$0.00');
    // 6 lunches a month at 15: the number is the example's only in its period.
    shown({ ...challenges.lunches, icon: 'lunch' });
    expect(screen.getByLabelText('Number of lunches per week')).not.toHaveAttribute('placeholder');
    expect(screen.getByLabelText('Cost of each one ($)')).toHaveAttribute('placeholder', '15');
    shown({ ...challenges.lunches, icon: 'lunch' }, { period: 'monthly' });
    expect(screen.getByLabelText('Number of lunches per month')).toHaveAttribute('placeholder', '6');
    // The commute: 5 miles in the UK, 10 trips a week.
    shown({ ...challenges.commutes, icon: 'commute' }, { country: 'UK' });
    expect(screen.getByLabelText('Distance of one trip (miles)')).toHaveAttribute('placeholder', '5');
    expect(screen.getByLabelText(/Trips per week/)).toHaveAttribute('placeholder', '10');
  });

  it('says nothing before the donor has typed', () => {
    render(<Harness challenge="coffees" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
