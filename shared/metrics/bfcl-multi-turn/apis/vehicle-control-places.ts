/** The places VehicleControlAPI knows, as the leaderboard's class lists them. */

/** Road distances in km between the zip codes the class knows, either way round. */
export const DISTANCES: readonly [string, string, number][] = [
  ['83214', '74532', 750],
  ['56108', '62947', 320],
  ['71354', '83462', 450],
  ['47329', '52013', 290],
  ['69238', '51479', 630],
  ['94016', '83214', 980],
  ['94016', '94704', 600],
  ['94704', '08540', 2550],
  ['94016', '08540', 1950],
  ['62947', '47329', 1053],
  ['94016', '62947', 780],
  ['74532', '94016', 880],
];

export const ZIP_CODES: Readonly<Record<string, string>> = {
  Rivermist: '83214',
  Stonebrook: '74532',
  Maplecrest: '56108',
  Silverpine: '62947',
  Shadowridge: '71354',
  'Sunset Valley': '83462',
  Oakendale: '47329',
  Willowbend: '52013',
  'Crescent Hollow': '69238',
  Autumnville: '51479',
  'San Francisco': '94016',
};
