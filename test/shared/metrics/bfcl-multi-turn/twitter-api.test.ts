import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSharedPostDefaults } from '../../../../shared/metrics/bfcl-multi-turn/apis/twitter-api';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat, PyTuple } from '../../../../shared/metrics/bfcl/values';

/** A world of the TwitterAPI alone, loaded with this TwitterAPI config. */
const worldOf = (config: Record<string, unknown>) => new BfclWorld(['TwitterAPI'], { TwitterAPI: config }, false);
const stateOf = (world: BfclWorld) => world.instances.get('TwitterAPI')!.publicState();

// Every result and state below was printed by the leaderboard's own TwitterAPI (bfcl_eval, Python 3.11) for these calls.
describe('TwitterAPI, as the leaderboard runs it', () => {
  // Each test starts as the Python process that printed its answers did: nothing mentioned yet on
  // the mentions list that every tweet posted without mentions shares.
  beforeEach(forgetSharedPostDefaults);

  it('posts only after authenticating, numbering tweets from the counter', () => {
    const world = worldOf({ username: 'ann', password: 'pw', tweet_counter: 3 });
    expect(
      world.execute([
        "post_tweet(content='too early')",
        'posting_get_login_status()',
        "authenticate_twitter(username='ann', password='nope')",
        "authenticate_twitter(username='ann', password='pw')",
        'posting_get_login_status()',
        "post_tweet(content='Hello #world', tags=['#world'], mentions=['@bob'])",
        "post_tweet(content='Second', tags=('#t',), mentions='@x')",
        'get_tweet(tweet_id=3)',
        'get_tweet(tweet_id=4.0)',
        "get_tweet(tweet_id='3')",
        'get_tweet(tweet_id=[3])',
        'get_tweet(tweet_id=9)',
      ]),
    ).toEqual([
      '{"error": "User not authenticated. Please authenticate before posting."}',
      '{"login_status": false}',
      '{"authentication_status": false}',
      '{"authentication_status": true}',
      '{"login_status": true}',
      '{"id": 3, "username": "ann", "content": "Hello #world", "tags": ["#world"], "mentions": ["@bob"]}',
      '{"id": 4, "username": "ann", "content": "Second", "tags": ["#t"], "mentions": "@x"}',
      '{"id": 3, "username": "ann", "content": "Hello #world", "tags": ["#world"], "mentions": ["@bob"]}',
      '{"id": 4, "username": "ann", "content": "Second", "tags": ["#t"], "mentions": "@x"}',
      '{"error": "Tweet with ID 3 not found."}',
      "Error during execution: unhashable type: 'list'",
      '{"error": "Tweet with ID 9 not found."}',
    ]);
    expect(stateOf(world)).toEqual({
      username: 'ann',
      password: 'pw',
      authenticated: true,
      tweets: {
        '3': { id: 3, username: 'ann', content: 'Hello #world', tags: ['#world'], mentions: ['@bob'] },
        '4': { id: 4, username: 'ann', content: 'Second', tags: new PyTuple(['#t']), mentions: '@x' },
      },
      comments: {},
      retweets: {},
      following_list: ['alice', 'bob'],
      tweet_counter: 5,
    });
  });

  it("turns the scenario's tweet ids into ints but keeps str keys in comments", () => {
    const world = worldOf({
      username: 'ann',
      password: 'pw',
      authenticated: true,
      tweet_counter: 2,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'Budget report', tags: ['#Budget'], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'Trip', tags: [], mentions: [] },
      },
      comments: { '1': [{ username: 'tech_guru', comment: 'Nice' }] },
      retweets: { michael_t: [1] },
    });
    expect(
      world.execute([
        'get_tweet_comments(tweet_id=1)',
        "comment(tweet_id=1, comment_content='Great')",
        "comment(tweet_id=1.0, comment_content='Again')",
        'comment(tweet_id=0, comment_content=5)',
        "comment(tweet_id='1', comment_content='x')",
        'get_tweet_comments(tweet_id=1)',
        'get_tweet_comments(tweet_id=7)',
        'get_tweet_comments(tweet_id={})',
      ]),
    ).toEqual([
      '[]',
      '{"comment_status": "Comment added successfully"}',
      '{"comment_status": "Comment added successfully"}',
      '{"comment_status": "Comment added successfully"}',
      '{"error": "Tweet with ID 1 not found."}',
      "[{'username': 'ann', 'content': 'Great'}, {'username': 'ann', 'content': 'Again'}]",
      '{"error": "Tweet with ID 7 not found."}',
      "Error during execution: unhashable type: 'dict'",
    ]);
    expect(stateOf(world)).toEqual({
      username: 'ann',
      password: 'pw',
      authenticated: true,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'Budget report', tags: ['#Budget'], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'Trip', tags: [], mentions: [] },
      },
      comments: {
        '1': [{ username: 'tech_guru', comment: 'Nice' }],
        '1 (int)': [
          { username: 'ann', content: 'Great' },
          { username: 'ann', content: 'Again' },
        ],
        '0': [{ username: 'ann', content: 5 }],
      },
      retweets: { michael_t: [1] },
      following_list: ['alice', 'bob'],
      tweet_counter: 2,
    });
  });

  it('retweets once per tweet, remembering the id as given', () => {
    const world = worldOf({
      username: 'ann',
      password: 'pw',
      authenticated: true,
      tweet_counter: 2,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'a', tags: [], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'b', tags: [], mentions: [] },
      },
    });
    expect(
      world.execute([
        'retweet(tweet_id=1.0)',
        'retweet(tweet_id=1)',
        'retweet(tweet_id=True)',
        'retweet(tweet_id=0)',
        'retweet(tweet_id=5)',
        "retweet(tweet_id=['x'])",
        "get_user_stats(username='ann')",
        "get_user_stats(username='bob')",
        "get_user_stats(username=['ann'])",
      ]),
    ).toEqual([
      '{"retweet_status": "Successfully retweeted"}',
      '{"retweet_status": "Already retweeted"}',
      '{"retweet_status": "Already retweeted"}',
      '{"retweet_status": "Successfully retweeted"}',
      '{"error": "Tweet with ID 5 not found."}',
      "Error during execution: unhashable type: 'list'",
      '{"tweet_count": 1, "following_count": 2, "retweet_count": 2}',
      '{"tweet_count": 1, "following_count": 0, "retweet_count": 0}',
      "Error during execution: unhashable type: 'list'",
    ]);
    expect(stateOf(world)).toEqual({
      username: 'ann',
      password: 'pw',
      authenticated: true,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'a', tags: [], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'b', tags: [], mentions: [] },
      },
      comments: {},
      retweets: { ann: [new PyFloat(1.0), 0] },
      following_list: ['alice', 'bob'],
      tweet_counter: 2,
    });
  });

  it('follows, lists and unfollows users', () => {
    const world = worldOf({ authenticated: true });
    expect(
      world.execute([
        'list_all_following()',
        "follow_user(username_to_follow='carol')",
        "follow_user(username_to_follow='alice')",
        "unfollow_user(username_to_unfollow='bob')",
        "unfollow_user(username_to_unfollow='bob')",
        'follow_user(username_to_follow=7)',
        'list_all_following()',
        "get_user_stats(username='john')",
      ]),
    ).toEqual([
      '{"following_list": ["alice", "bob"]}',
      '{"follow_status": true}',
      '{"follow_status": false}',
      '{"unfollow_status": true}',
      '{"unfollow_status": false}',
      '{"follow_status": true}',
      '{"following_list": ["alice", "carol", 7]}',
      '{"tweet_count": 0, "following_count": 3, "retweet_count": 0}',
    ]);
    expect(stateOf(world)).toEqual({
      username: 'john',
      password: 'john123',
      authenticated: true,
      tweets: {},
      comments: {},
      retweets: {},
      following_list: ['alice', 'carol', 7],
      tweet_counter: 0,
    });
  });

  it('asks for authentication before retweeting, commenting, following or listing', () => {
    const world = worldOf({ tweets: { '0': { id: 0, username: 'x', content: 'c', tags: [], mentions: [] } } });
    expect(
      world.execute([
        'retweet(tweet_id=0)',
        "comment(tweet_id=0, comment_content='c')",
        "follow_user(username_to_follow='z')",
        'list_all_following()',
        "unfollow_user(username_to_unfollow='alice')",
        "mention(tweet_id=0, mentioned_usernames=['@a'])",
        'get_tweet(tweet_id=0)',
      ]),
    ).toEqual([
      '{"error": "User not authenticated. Please authenticate before retweeting."}',
      '{"error": "User not authenticated. Please authenticate before commenting."}',
      '{"error": "User not authenticated. Please authenticate before following."}',
      '{"error": "User not authenticated. Please authenticate before listing following."}',
      '{"error": "User not authenticated. Please authenticate before unfollowing."}',
      '{"mention_status": "Users mentioned successfully"}',
      '{"id": 0, "username": "x", "content": "c", "tags": [], "mentions": ["@a"]}',
    ]);
    expect(stateOf(world)).toEqual({
      username: 'john',
      password: 'john123',
      authenticated: false,
      tweets: { '0': { id: 0, username: 'x', content: 'c', tags: [], mentions: ['@a'] } },
      comments: {},
      retweets: {},
      following_list: ['alice', 'bob'],
      tweet_counter: 0,
    });
  });

  it("mentions by extending the tweet's list, as list.extend does with any iterable", () => {
    const world = worldOf({
      tweet_counter: 1,
      tweets: {
        '0': { id: 0, username: 'x', content: 'c', tags: [], mentions: ['@a'] },
        '5': { id: 5, username: 'x', content: 'd', tags: [] },
      },
    });
    expect(
      world.execute([
        "mention(tweet_id=0, mentioned_usernames=['@b'])",
        "mention(tweet_id=0, mentioned_usernames='@c')",
        "mention(tweet_id=0, mentioned_usernames={'@d': 1})",
        'mention(tweet_id=0, mentioned_usernames=5)',
        "mention(tweet_id=3, mentioned_usernames=['@x'])",
        "mention(tweet_id=5, mentioned_usernames=['@x'])",
        'get_tweet(tweet_id=0)',
      ]),
    ).toEqual([
      '{"mention_status": "Users mentioned successfully"}',
      '{"mention_status": "Users mentioned successfully"}',
      '{"mention_status": "Users mentioned successfully"}',
      "Error during execution: 'int' object is not iterable",
      '{"error": "Tweet with ID 3 not found."}',
      "Error during execution: 'mentions'",
      '{"id": 0, "username": "x", "content": "c", "tags": [], "mentions": ["@a", "@b", "@", "c", "@d"]}',
    ]);
    expect(stateOf(world)).toEqual({
      username: 'john',
      password: 'john123',
      authenticated: false,
      tweets: {
        '0': { id: 0, username: 'x', content: 'c', tags: [], mentions: ['@a', '@b', '@', 'c', '@d'] },
        '5': { id: 5, username: 'x', content: 'd', tags: [] },
      },
      comments: {},
      retweets: {},
      following_list: ['alice', 'bob'],
      tweet_counter: 1,
    });
  });

  it('finds tweets by author and by keyword in the content or a tag, without case', () => {
    const world = worldOf({
      tweet_counter: 3,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'Budget analysis', tags: ['#Finance'], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'Weekend trip', tags: ['#budget'], mentions: [] },
        '2': { id: 2, username: 'ann', content: 'Nothing here', tags: [], mentions: [] },
      },
    });
    expect(
      world.execute([
        "get_user_tweets(username='ann')",
        "get_user_tweets(username='zed')",
        "search_tweets(keyword='BUDGET')",
        "search_tweets(keyword='#finance')",
        "search_tweets(keyword='#fin')",
        'search_tweets(keyword=3)',
      ]),
    ).toEqual([
      "[{'id': 0, 'username': 'ann', 'content': 'Budget analysis', 'tags': ['#Finance'], 'mentions': []}, {'id': 2, 'username': 'ann', 'content': 'Nothing here', 'tags': [], 'mentions': []}]",
      '[]',
      "[{'id': 0, 'username': 'ann', 'content': 'Budget analysis', 'tags': ['#Finance'], 'mentions': []}]",
      "[{'id': 0, 'username': 'ann', 'content': 'Budget analysis', 'tags': ['#Finance'], 'mentions': []}]",
      '[]',
      "Error during execution: 'int' object has no attribute 'lower'",
    ]);
    expect(stateOf(world)).toEqual({
      username: 'john',
      password: 'john123',
      authenticated: false,
      tweets: {
        '0': { id: 0, username: 'ann', content: 'Budget analysis', tags: ['#Finance'], mentions: [] },
        '1': { id: 1, username: 'bob', content: 'Weekend trip', tags: ['#budget'], mentions: [] },
        '2': { id: 2, username: 'ann', content: 'Nothing here', tags: [], mentions: [] },
      },
      comments: {},
      retweets: {},
      following_list: ['alice', 'bob'],
      tweet_counter: 3,
    });
  });

  it("every tweet posted without mentions shares one list, as Python's mutable default does", () => {
    const world = worldOf({ authenticated: true });
    expect(
      world.execute([
        "post_tweet(content='a')",
        "post_tweet(content='b', tags=['#b'])",
        "mention(tweet_id=0, mentioned_usernames=['@shared'])",
        'get_tweet(tweet_id=1)',
        "post_tweet(content='c')",
      ]),
    ).toEqual([
      '{"id": 0, "username": "john", "content": "a", "tags": [], "mentions": []}',
      '{"id": 1, "username": "john", "content": "b", "tags": ["#b"], "mentions": []}',
      '{"mention_status": "Users mentioned successfully"}',
      '{"id": 1, "username": "john", "content": "b", "tags": ["#b"], "mentions": ["@shared"]}',
      '{"id": 2, "username": "john", "content": "c", "tags": [], "mentions": ["@shared"]}',
    ]);
    expect(stateOf(world)).toEqual({
      username: 'john',
      password: 'john123',
      authenticated: true,
      tweets: {
        '0': { id: 0, username: 'john', content: 'a', tags: [], mentions: ['@shared'] },
        '1': { id: 1, username: 'john', content: 'b', tags: ['#b'], mentions: ['@shared'] },
        '2': { id: 2, username: 'john', content: 'c', tags: [], mentions: ['@shared'] },
      },
      comments: {},
      retweets: {},
      following_list: ['alice', 'bob'],
      tweet_counter: 3,
    });
    // The list outlives the instance: Python printed this for a fresh instance after the calls above.
    const later = worldOf({ authenticated: true });
    expect(later.execute(["post_tweet(content='other')"])).toEqual([
      '{"id": 0, "username": "john", "content": "other", "tags": [], "mentions": ["@shared"]}',
    ]);
  });

  it('forgets the shared mentions when asked, as a fresh leaderboard process would start', () => {
    const earlier = worldOf({ authenticated: true });
    earlier.execute(["post_tweet(content='a')", "mention(tweet_id=0, mentioned_usernames=['@shared'])"]);
    forgetSharedPostDefaults();
    expect(worldOf({ authenticated: true }).execute(["post_tweet(content='other')"])).toEqual([
      '{"id": 0, "username": "john", "content": "other", "tags": [], "mentions": []}',
    ]);
  });
});
