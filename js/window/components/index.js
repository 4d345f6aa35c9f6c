'use strict';
// React Native's components for a WebKitGTK page, on React 18 and ReactDOM.
// `js/window/react-native.js` merges these with the bridge (NativeModules, Platform…).

const { View } = require('./View');
const { Text } = require('./Text');
const { TextInput } = require('./TextInput');
const { Image } = require('./Image');
const { Pressable, TouchableOpacity } = require('./Pressable');
const { Button } = require('./Button');
const { ScrollView } = require('./ScrollView');
const { FlatList } = require('./FlatList');
const { ActivityIndicator } = require('./ActivityIndicator');
const { StyleSheet } = require('./StyleSheet');
const { AppRegistry } = require('./AppRegistry');
const { BackHandler } = require('./BackHandler');
const { SafeAreaView, StatusBar, Dimensions, useWindowDimensions } = require('./misc');
const { SectionList } = require('./SectionList');
const { Switch } = require('./Switch');
const { Modal } = require('./Modal');
const { Alert } = require('./Alert');
const { Vibration } = require('./Vibration');
const { AppState } = require('./AppState');
const { Linking } = require('./Linking');
const {
  KeyboardAvoidingView, TouchableHighlight, TouchableWithoutFeedback, Keyboard, PixelRatio, Appearance, useColorScheme,
} = require('./platform-misc');

module.exports = {
  View, Text, TextInput, Image, Pressable, TouchableOpacity, Button, ScrollView, FlatList,
  ActivityIndicator, StyleSheet, AppRegistry, BackHandler, SafeAreaView, StatusBar, Dimensions,
  useWindowDimensions, SectionList, Switch, Modal, KeyboardAvoidingView, TouchableHighlight,
  TouchableWithoutFeedback, Keyboard, PixelRatio, Appearance, useColorScheme, Alert, Vibration, AppState, Linking,
};
