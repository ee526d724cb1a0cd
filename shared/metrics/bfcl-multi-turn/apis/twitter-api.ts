import { isDict, pyEquals, PyTuple, pyType, stringRepr } from '../../bfcl/values';
import { defineApiClass, PyError, type BfclApi } from '../api';
import { add, pyStr } from '../py-num';
import { PyDict } from './py-keyed-dict';
import {
  attributeError,
  pyDeepCopy,
  pyExtend,
  pyItem,
  pyIterate,
  pyListContains,
  pyLower,
  pyRemove,
  pyTruthy,
  scenarioValue,
} from './py-object';

type Tweet = Record<string, unknown>;

/**
 * `post_tweet`'s `tags=[]` and `mentions=[]`. Python makes a default list once, when the method is
 * defined, so every tweet posted without mentions holds this same list: `mention` on one of them
 * extends it for all of them, and for every such tweet posted later, in any instance. The executor
 * passes a default as the object itself, so the sharing holds here too.
 */
const SHARED_DEFAULT_TAGS: unknown[] = [];
const SHARED_DEFAULT_MENTIONS: unknown[] = [];

/**
 * Empties those two lists, as a fresh Python process starts with them: for a scoring run that should
 * not see what earlier runs in this process mentioned.
 */
export function forgetSharedPostDefaults() {
  SHARED_DEFAULT_TAGS.length = 0;
  SHARED_DEFAULT_MENTIONS.length = 0;
}

/** `int(text)` for a scenario's tweet id. */
function pyInt(text: string): number {
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(text))
    throw new PyError(`invalid literal for int() with base 10: ${stringRepr(text)}`, 'ValueError');
  return Number(text.replace(/_/g, ''));
}

/** `len(value)`. */
function pyLen(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyTuple) return value.items.length;
  if (isDict(value)) return Object.keys(value).length;
  throw new PyError(`object of type '${pyType(value)}' has no len()`, 'TypeError');
}

/** `list.append` on a value the scenario may have made something else. */
function pyAppend(list: unknown, value: unknown) {
  if (!Array.isArray(list)) throw attributeError(list, 'append');
  list.push(value);
}

/** The leaderboard's TwitterAPI: one user's tweets, retweets, comments and follows. */
export class TwitterAccount implements BfclApi {
  username: unknown = 'john';
  password: unknown = 'john123';
  authenticated: unknown = false;
  tweets = new PyDict<Tweet>();
  comments = new PyDict<unknown>();
  retweets = new PyDict<unknown>();
  followingList: unknown = ['alice', 'bob'];
  tweetCounter: unknown = 0;

  /** The leaderboard gives this class no long-context extras, so `longContext` changes nothing. */
  loadScenario(scenario: Record<string, unknown>, _longContext = false) {
    this.username = scenarioValue(scenario, 'username', 'john');
    this.password = scenarioValue(scenario, 'password', 'john123');
    this.authenticated = scenarioValue(scenario, 'authenticated', false);
    // The scenario's tweet ids are JSON's str keys; the class turns them into ints.
    const tweets = scenarioValue(scenario, 'tweets', {}) as Record<string, Tweet>;
    this.tweets = new PyDict<Tweet>();
    for (const [id, tweet] of Object.entries(tweets)) this.tweets.set(pyInt(id), tweet);
    // Comments and retweets keep their str keys.
    this.comments = PyDict.fromObject(scenarioValue(scenario, 'comments', {}) as Record<string, unknown>);
    this.retweets = PyDict.fromObject(scenarioValue(scenario, 'retweets', {}) as Record<string, unknown>);
    this.followingList = scenarioValue(scenario, 'following_list', ['alice', 'bob']);
    this.tweetCounter = scenarioValue(scenario, 'tweet_counter', 0);
  }

  publicState() {
    return pyDeepCopy({
      username: this.username,
      password: this.password,
      authenticated: this.authenticated,
      tweets: this.tweets.toPlain(),
      comments: this.comments.toPlain(),
      retweets: this.retweets.toPlain(),
      following_list: this.followingList,
      tweet_counter: this.tweetCounter,
    });
  }

  tweetsBy(username: unknown): Tweet[] {
    return this.tweets.values().filter((tweet) => pyEquals(pyItem(tweet, 'username'), username));
  }
}

const notAuthenticated = (doing: string) => ({ error: `User not authenticated. Please authenticate before ${doing}.` });
const tweetNotFound = (tweetId: unknown) => ({ error: `Tweet with ID ${pyStr(tweetId)} not found.` });

/** `keyword.lower() in tweet["content"].lower() or keyword.lower() in [tag.lower() for tag in tweet["tags"]]`. */
function tweetMatches(tweet: Tweet, keyword: unknown): boolean {
  const wanted = pyLower(keyword);
  if (pyLower(pyItem(tweet, 'content')).includes(wanted)) return true;
  const tags = pyIterate(pyItem(tweet, 'tags')).map(pyLower);
  return tags.includes(pyLower(keyword));
}

export const twitterApi = defineApiClass<TwitterAccount>({
  name: 'TwitterAPI',
  stateless: false,
  create: () => new TwitterAccount(),
  methods: {
    authenticate_twitter: {
      params: [{ name: 'username' }, { name: 'password' }],
      run(api, { username, password }) {
        if (!pyEquals(username, api.username) || !pyEquals(password, api.password))
          return { authentication_status: false };
        api.authenticated = true;
        return { authentication_status: true };
      },
    },
    posting_get_login_status: {
      params: [],
      run: (api) => ({ login_status: pyTruthy(api.authenticated) }),
    },
    post_tweet: {
      params: [
        { name: 'content' },
        { name: 'tags', default: SHARED_DEFAULT_TAGS },
        { name: 'mentions', default: SHARED_DEFAULT_MENTIONS },
      ],
      run(api, { content, tags, mentions }) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('posting');
        const tweet: Tweet = { id: api.tweetCounter, username: api.username, content, tags, mentions };
        api.tweets.set(api.tweetCounter, tweet);
        api.tweetCounter = add(api.tweetCounter, 1);
        return tweet;
      },
    },
    retweet: {
      params: [{ name: 'tweet_id' }],
      run(api, { tweet_id }) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('retweeting');
        if (!api.tweets.has(tweet_id)) return tweetNotFound(tweet_id);
        if (!api.retweets.has(api.username)) api.retweets.set(api.username, []);
        const mine = api.retweets.get(api.username) as unknown[];
        if (pyListContains(pyIterate(mine), tweet_id)) return { retweet_status: 'Already retweeted' };
        pyAppend(mine, tweet_id);
        return { retweet_status: 'Successfully retweeted' };
      },
    },
    comment: {
      params: [{ name: 'tweet_id' }, { name: 'comment_content' }],
      run(api, { tweet_id, comment_content }) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('commenting');
        if (!api.tweets.has(tweet_id)) return tweetNotFound(tweet_id);
        if (!api.comments.has(tweet_id)) api.comments.set(tweet_id, []);
        pyAppend(api.comments.get(tweet_id), { username: api.username, content: comment_content });
        return { comment_status: 'Comment added successfully' };
      },
    },
    mention: {
      params: [{ name: 'tweet_id' }, { name: 'mentioned_usernames' }],
      run(api, { tweet_id, mentioned_usernames }) {
        if (!api.tweets.has(tweet_id)) return tweetNotFound(tweet_id);
        pyExtend(pyItem(api.tweets.get(tweet_id)!, 'mentions'), mentioned_usernames);
        return { mention_status: 'Users mentioned successfully' };
      },
    },
    follow_user: {
      params: [{ name: 'username_to_follow' }],
      run(api, { username_to_follow }) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('following');
        if (pyListContains(pyIterate(api.followingList), username_to_follow)) return { follow_status: false };
        pyAppend(api.followingList, username_to_follow);
        return { follow_status: true };
      },
    },
    list_all_following: {
      params: [],
      run(api) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('listing following');
        return { following_list: api.followingList };
      },
    },
    unfollow_user: {
      params: [{ name: 'username_to_unfollow' }],
      run(api, { username_to_unfollow }) {
        if (!pyTruthy(api.authenticated)) return notAuthenticated('unfollowing');
        const following = api.followingList as unknown[];
        if (!pyListContains(pyIterate(following), username_to_unfollow)) return { unfollow_status: false };
        pyRemove(following, username_to_unfollow);
        return { unfollow_status: true };
      },
    },
    get_tweet: {
      params: [{ name: 'tweet_id' }],
      run: (api, { tweet_id }) => (api.tweets.has(tweet_id) ? api.tweets.get(tweet_id) : tweetNotFound(tweet_id)),
    },
    get_user_tweets: {
      params: [{ name: 'username' }],
      run: (api, { username }) => api.tweetsBy(username),
    },
    search_tweets: {
      params: [{ name: 'keyword' }],
      run: (api, { keyword }) => api.tweets.values().filter((tweet) => tweetMatches(tweet, keyword)),
    },
    get_tweet_comments: {
      params: [{ name: 'tweet_id' }],
      run(api, { tweet_id }) {
        if (!api.tweets.has(tweet_id)) return tweetNotFound(tweet_id);
        return api.comments.has(tweet_id) ? api.comments.get(tweet_id) : [];
      },
    },
    get_user_stats: {
      params: [{ name: 'username' }],
      run(api, { username }) {
        const tweetCount = api.tweetsBy(username).length;
        const followingCount = pyEquals(username, api.username) ? pyLen(api.followingList) : 0;
        const retweeted = api.retweets.has(username) ? api.retweets.get(username) : [];
        return { tweet_count: tweetCount, following_count: followingCount, retweet_count: pyLen(retweeted) };
      },
    },
  },
});
