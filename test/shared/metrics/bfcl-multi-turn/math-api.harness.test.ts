import { mathApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/math-api';
import { describeReplay } from './harness-check';

describeReplay(mathApi, 'MathAPI');
