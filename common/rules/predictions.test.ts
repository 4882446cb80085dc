import { describe, expect, it } from 'vitest';
import {
  ACCURACY_WINDOW_HOURS,
  accuracyPercent,
  changesMeaningfully,
  domainAccuracyColour,
  DOMAINS_SHOWN,
  OUTCOMES_SHOWN,
  PREDICTIONS_PAGE_SIZE,
  reliabilityBin,
  TREND_ROWS_SHOWN,
  TREND_WINDOW_DAYS,
  trendAccuracyColour,
  PREDICTION_HORIZON_HOURS,
  PREDICTION_TARGET_POINTS,
  isPredictionAccurate,
  isUndecided,
  predictionConfidence,
  predictionScore,
  predictsTrend,
  TREND_CALL_THRESHOLD,
  CONFIDENCE_BANDS,
  confidenceFloor,
  ledgerConfidence,
  NOT_CALLED,
  formatLead,
  LEAD_BUCKET_CAP,
  LEAD_BUCKET_MINUTES,
  leadBucket,
  medianLeadMinutes,
  type LeadBucket,
} from './predictions.ts';

const CUT = TREND_CALL_THRESHOLD;

describe('what is predicted', () => {
  it('is reaching 300 points within 6 hours (the upper end of the spec’s 2-6 hour horizon)', () => {
    expect(PREDICTION_TARGET_POINTS).toBe(300);
    expect(PREDICTION_HORIZON_HOURS).toBe(6);
  });

  it('predicts stories under 48 hours old and below the target only', () => {
    expect(isUndecided(299, 5.99)).toBe(true);
    expect(isUndecided(10, 47.99)).toBe(true);
    expect(isUndecided(300, 1)).toBe(false);
    expect(isUndecided(10, 48)).toBe(false);
  });
});

describe('changesMeaningfully', () => {
  it('records a story’s first prediction', () => {
    expect(changesMeaningfully(null, 0.03)).toBe(true);
  });

  it('records a move of two percentage points or more, not less', () => {
    expect(changesMeaningfully(0.1, 0.12)).toBe(true);
    expect(changesMeaningfully(0.1, 0.08)).toBe(true);
    expect(changesMeaningfully(0.1, 0.115)).toBe(false);
  });

  it('records any change of call or confidence band, however small', () => {
    expect(changesMeaningfully(CUT - 0.005, CUT)).toBe(true);
    expect(changesMeaningfully(CUT, CUT - 0.005)).toBe(true);
    const high = confidenceFloor('high');
    if (high < 1) expect(changesMeaningfully(high - 0.005, high)).toBe(true);
  });
});

describe('predictionScore', () => {
  it('is the probability as a rounded percentage, bounded to 0-100', () => {
    expect(predictionScore(0.734)).toBe(73);
    expect(predictionScore(0.735)).toBe(74);
    expect(predictionScore(0)).toBe(0);
    expect(predictionScore(1)).toBe(100);
    expect(predictionScore(1.2)).toBe(100);
    expect(predictionScore(-0.1)).toBe(0);
  });
});

describe('predictionConfidence', () => {
  it('describes the call to trend only: no confidence under the cut, however far under', () => {
    expect(predictionConfidence(0)).toBeNull();
    expect(predictionConfidence(0.01)).toBeNull();
    expect(predictionConfidence(CUT - 0.001)).toBeNull();
    expect(ledgerConfidence(0.01)).toBe(NOT_CALLED);
  });

  it('is low from the cut, medium and high from their bands (never below the cut)', () => {
    expect(predictionConfidence(CUT)).toBe(confidenceFloor('medium') > CUT ? 'low' : confidenceFloor('high') > CUT ? 'medium' : 'high');
    expect(confidenceFloor('low')).toBe(CUT);
    expect(confidenceFloor('medium')).toBe(Math.max(CUT, CONFIDENCE_BANDS.medium));
    expect(confidenceFloor('high')).toBe(Math.max(CUT, CONFIDENCE_BANDS.high));
    expect(predictionConfidence(confidenceFloor('high'))).toBe('high');
    expect(predictionConfidence(1)).toBe('high');
    if (confidenceFloor('high') > confidenceFloor('medium')) {
      expect(predictionConfidence(confidenceFloor('medium'))).toBe('medium');
      expect(predictionConfidence(confidenceFloor('high') - 0.001)).toBe('medium');
    }
    if (confidenceFloor('medium') > CUT) expect(predictionConfidence(confidenceFloor('medium') - 0.001)).toBe('low');
  });

  it('the bands are ordered: a higher probability is never a lower confidence', () => {
    const rank = { low: 1, medium: 2, high: 3 } as const;
    let previous = 0;
    for (let p = 0; p <= 1.0001; p += 0.01) {
      const confidence = predictionConfidence(p);
      const value = confidence === null ? 0 : rank[confidence];
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});

describe('the calls’ lead', () => {
  it('reads as hours and minutes', () => {
    expect(formatLead(190)).toBe('3 h 10 min');
    expect(formatLead(120)).toBe('2 h');
    expect(formatLead(59.6)).toBe('1 h');
    expect(formatLead(7)).toBe('7 min');
  });
});

describe('the median lead from the histogram of leads', () => {
  /** The histogram of some leads, as the sums keep it. */
  function histogramOf(leads: number[]): LeadBucket[] {
    const buckets = new Map<number, LeadBucket>();
    for (const lead of leads) {
      const bucket = leadBucket(lead);
      const entry = buckets.get(bucket) ?? { bucket, stories: 0, leadMinutesSum: 0 };
      entry.stories += 1;
      entry.leadMinutesSum += lead;
      buckets.set(bucket, entry);
    }
    return [...buckets.values()].reverse();
  }
  function exactMedian(leads: number[]): number {
    const sorted = [...leads].sort((a, b) => a - b);
    const middle = (sorted.length - 1) / 2;
    return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
  }

  it('buckets the leads by LEAD_BUCKET_MINUTES, the longest in the last bucket', () => {
    expect(leadBucket(0.5)).toBe(0);
    expect(leadBucket(LEAD_BUCKET_MINUTES)).toBe(1);
    expect(leadBucket(LEAD_BUCKET_MINUTES * 3 - 0.01)).toBe(2);
    expect(leadBucket(LEAD_BUCKET_MINUTES * LEAD_BUCKET_CAP * 2)).toBe(LEAD_BUCKET_CAP);
  });

  it('is the middle lead (or the mean of the two middle ones) when each bucket holds equal leads', () => {
    expect(medianLeadMinutes([])).toBeNull();
    expect(medianLeadMinutes([{ bucket: 3, stories: 0, leadMinutesSum: 0 }])).toBeNull();
    expect(medianLeadMinutes(histogramOf([60, 120, 240]))).toBe(120);
    expect(medianLeadMinutes(histogramOf([60, 120, 240, 300]))).toBe(180);
    expect(medianLeadMinutes(histogramOf([30, 30, 30, 500]))).toBe(30);
  });

  it('is within one bucket of the median of the leads themselves', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let run = 0; run < 50; run++) {
      const leads = Array.from({ length: 1 + Math.floor(random() * 40) }, () => random() * 600);
      const median = medianLeadMinutes(histogramOf(leads))!;
      expect(Math.abs(median - exactMedian(leads))).toBeLessThan(LEAD_BUCKET_MINUTES);
    }
  });
});

describe('verification', () => {
  it('calls "will trend" from the cut up', () => {
    expect(predictsTrend(CUT)).toBe(true);
    expect(predictsTrend(CUT - 0.01)).toBe(false);
  });

  it('is accurate when a "will trend" call reached the target or a "will not" call did not', () => {
    const called = Math.min(1, CUT + 0.01);
    const notCalled = CUT / 2;
    expect(isPredictionAccurate(called, true)).toBe(true);
    expect(isPredictionAccurate(called, false)).toBe(false);
    expect(isPredictionAccurate(notCalled, false)).toBe(true);
    expect(isPredictionAccurate(notCalled, true)).toBe(false);
  });
});

describe('the page’s figures (part 2 §5, §9)', () => {
  it('uses the spec’s constants', () => {
    expect([PREDICTIONS_PAGE_SIZE, OUTCOMES_SHOWN, DOMAINS_SHOWN, TREND_ROWS_SHOWN, TREND_WINDOW_DAYS, ACCURACY_WINDOW_HOURS]).toEqual([25, 20, 10, 10, 30, 168]);
  });

  it('gives accuracy as a percentage with one decimal, and none when nothing was verified', () => {
    expect(accuracyPercent(2, 3)).toBe(66.7);
    expect(accuracyPercent(0, 5)).toBe(0);
    expect(accuracyPercent(0, 0)).toBeNull();
  });

  it('colours the daily table at 70, 50 and 30', () => {
    expect([70, 69.9, 50, 49.9, 30, 29.9].map(trendAccuracyColour)).toEqual(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
  });

  it('colours the domains at 70 and 50', () => {
    expect([70, 69.9, 50, 49.9, 0].map(domainAccuracyColour)).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('bins probabilities by tenth for the reliability chart, 1.0 in the top bin', () => {
    expect([0, 0.05, 0.1, 0.55, 0.99, 1].map(reliabilityBin)).toEqual([0, 0, 1, 5, 9, 9]);
  });
});
