import { gorillaFileSystemApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/gorilla-file-system';
import { describeReplay } from './harness-check';

describeReplay(gorillaFileSystemApi, 'GorillaFileSystem');
